import pg from 'pg';
import { listeningLockSql, listeningUnlockSql } from './listeners-elsewhere.js';

/** How long after losing its connection the listener tries again, and again after each failure. */
const reconnectMs = 500;

type Connected = Readonly<{ client: pg.Client; channels: Set<string> }>;
type Handler = (payload: string) => void;

/**
 * The one connection on which a server adapter LISTENs. When it dies (the server restarted, the
 * network failed), it is made again until that succeeds, and listens on every channel again.
 * Notifications sent meanwhile are lost, as any may be: listeners poll besides.
 */
export class ListenConnection {
  private readonly handlers = new Map<string, Set<Handler>>();
  private current: Connected | null = null;
  private connecting: Promise<Connected> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly newClient: () => pg.Client,
    /** Whether a notification comes from this process's own sender, whose listeners heard of it directly. */
    private readonly sentHere: (processId: number) => boolean,
  ) {}

  /** The server process of the connection, 0 while there is none. */
  get processId(): number {
    return this.current ? processIdOf(this.current.client) : 0;
  }

  async listen(channel: string, onNotification: Handler): Promise<() => Promise<void>> {
    let handlers = this.handlers.get(channel);
    if (!handlers) this.handlers.set(channel, (handlers = new Set()));
    handlers.add(onNotification);
    const stop = async () => {
      handlers.delete(onNotification);
      if (handlers.size > 0 || this.handlers.get(channel) !== handlers) return;
      // The last listener of the channel is gone: senders elsewhere stop notifying this process.
      this.handlers.delete(channel);
      const connected = this.current;
      if (!connected?.channels.delete(channel)) return;
      // Both go to the one connection before a later LISTEN of the channel can.
      await Promise.all([
        connected.client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`),
        connected.client.query(listeningUnlockSql, [channel]),
      ]);
    };
    try {
      await listenOn(await this.connection(), channel);
    } catch (error) {
      await stop().catch(() => undefined);
      throw error;
    }
    return stop;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await this.connecting?.catch(() => undefined);
    await this.current?.client.end().catch(() => undefined);
  }

  private connection(): Promise<Connected> {
    if (this.current) return Promise.resolve(this.current);
    this.connecting ??= this.connect().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async connect(): Promise<Connected> {
    const client = this.newClient();
    await client.connect();
    const connected: Connected = { client, channels: new Set() };
    client.on('notification', (message) => {
      if (this.sentHere(message.processId)) return;
      for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    client.once('end', () => this.lost(connected));
    this.current = connected;
    await Promise.all([...this.handlers.keys()].map((channel) => listenOn(connected, channel)));
    return connected;
  }

  private lost(connected: Connected): void {
    if (this.current !== connected) return;
    this.current = null;
    this.reconnectLater();
  }

  private reconnectLater(): void {
    if (this.closed || this.retry || this.handlers.size === 0) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connection().catch(() => this.reconnectLater());
    }, reconnectMs);
    this.retry.unref();
  }
}

/** LISTENs on `channel` once per connection, and takes the lock that tells senders elsewhere that it does. */
async function listenOn(connected: Connected, channel: string): Promise<void> {
  if (connected.channels.has(channel)) return;
  connected.channels.add(channel);
  await connected.client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  await connected.client.query(listeningLockSql, [channel]);
}

export const processIdOf = (client: pg.Client) => (client as unknown as { processID: number }).processID;
