import { readFileSync } from 'node:fs';
import { ConfigError } from '@secretchatbox/projections';

/** A socket counts one descriptor; whatever else the process opens keeps this share of the limit, at least the floor. */
const reservedShare = 0.25;
const reservedFloor = 256;
/** Without SOCKET_MAX_CONNECTIONS: this many, or fewer where the open-file limit is lower. */
export const defaultMaxConnections = 5000;

/**
 * Connections a handshake may still make above a cap (those being refused, which close at once):
 * past it the handshake itself is refused, so that connections which never finish one stay bounded.
 */
export const handshakeHeadroom = { perInstance: 64, perNetwork: 8 } as const;

export type SocketCapacity = Readonly<{ perInstance: number; perNetwork: number }>;

/**
 * The soft limit on this process's open files, which Node raises to the hard limit as it starts;
 * null where the system does not say (anywhere but Linux).
 */
export function openFileLimit(limitsFile = '/proc/self/limits'): number | null {
  try {
    const line = readFileSync(limitsFile, 'utf8')
      .split('\n')
      .find((row) => row.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    if (soft === 'unlimited') return Number.POSITIVE_INFINITY;
    return soft ? Number(soft) : null;
  } catch {
    return null;
  }
}

/**
 * The instance's socket cap: SOCKET_MAX_CONNECTIONS, which must leave room under the open-file
 * limit for the database, HTTP and files (else the start is refused, naming both figures), or
 * without it the default, lowered to fit.
 */
export function socketCapacity(
  configured: Readonly<{ SOCKET_MAX_CONNECTIONS?: number; SOCKETS_PER_NETWORK: number }>,
  fileLimit: number | null,
): SocketCapacity {
  const fits =
    fileLimit === null
      ? Number.POSITIVE_INFINITY
      : Math.floor(fileLimit - Math.max(reservedFloor, fileLimit * reservedShare)) - handshakeHeadroom.perInstance;
  const asked = configured.SOCKET_MAX_CONNECTIONS;
  if (asked !== undefined && asked > fits) {
    throw new ConfigError(
      `Invalid configuration: SOCKET_MAX_CONNECTIONS=${asked} does not fit under this process's open-file limit ` +
        `of ${fileLimit}: at most ${Math.max(fits, 0)} leaves room for the database, HTTP and files. ` +
        "Raise the limit (ulimit -n, or the service manager's LimitNOFILE) or lower SOCKET_MAX_CONNECTIONS",
    );
  }
  const perInstance = asked ?? Math.min(defaultMaxConnections, fits);
  if (perInstance < 1) {
    throw new ConfigError(
      `Invalid configuration: this process's open-file limit of ${fileLimit} leaves no room for sockets; raise it (ulimit -n)`,
    );
  }
  return { perInstance, perNetwork: Math.min(configured.SOCKETS_PER_NETWORK, perInstance) };
}
