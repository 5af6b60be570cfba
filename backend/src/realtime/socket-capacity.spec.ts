import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@secretchatbox/projections';
import { handshakeHeadroom, openFileLimit, socketCapacity } from './socket-capacity.js';

const limitsFile = (softLimit: string) => {
  const file = join(mkdtempSync(join(tmpdir(), 'limits-')), 'limits');
  writeFileSync(
    file,
    [
      'Limit                     Soft Limit           Hard Limit           Units',
      'Max processes             127431               127431               processes',
      `Max open files            ${softLimit.padEnd(20)} 1048576              files`,
    ].join('\n'),
  );
  return file;
};

describe('openFileLimit', () => {
  it("reads the process's soft limit on open files", () => {
    expect(openFileLimit(limitsFile('20000'))).toBe(20000);
    expect(openFileLimit(limitsFile('unlimited'))).toBe(Number.POSITIVE_INFINITY);
    expect(openFileLimit('/nonexistent/limits')).toBeNull();
  });

  it('reads this process, whose limit Node raised as it started', () => {
    expect(openFileLimit()).toBeGreaterThan(0);
  });
});

describe('socketCapacity', () => {
  const perNetwork = { SOCKETS_PER_NETWORK: 200 };

  it('holds 5,000 sockets by default, and fewer where the open-file limit is low', () => {
    expect(socketCapacity(perNetwork, 1_048_576)).toEqual({ perInstance: 5000, perNetwork: 200 });
    expect(socketCapacity(perNetwork, null)).toEqual({ perInstance: 5000, perNetwork: 200 });
    // A quarter of the limit, at least 256 descriptors, stays for everything else.
    expect(socketCapacity(perNetwork, 1024).perInstance).toBe(1024 - 256 - handshakeHeadroom.perInstance);
    expect(socketCapacity(perNetwork, 4096).perInstance).toBe(3072 - handshakeHeadroom.perInstance);
  });

  it('takes a configured cap that fits, and refuses one that does not, naming both figures', () => {
    expect(socketCapacity({ ...perNetwork, SOCKET_MAX_CONNECTIONS: 12_000 }, 20_000)).toEqual({
      perInstance: 12_000,
      perNetwork: 200,
    });
    const tooMany = () => socketCapacity({ ...perNetwork, SOCKET_MAX_CONNECTIONS: 19_000 }, 20_000);
    expect(tooMany).toThrow(ConfigError);
    expect(tooMany).toThrow(/SOCKET_MAX_CONNECTIONS=19000 does not fit under this process's open-file limit of 20000/);
  });

  it('holds a network to no more than the instance', () => {
    expect(socketCapacity({ SOCKETS_PER_NETWORK: 500, SOCKET_MAX_CONNECTIONS: 100 }, null).perNetwork).toBe(100);
  });

  it('refuses to start where the limit leaves no room at all', () => {
    expect(() => socketCapacity(perNetwork, 256)).toThrow(/leaves no room for sockets/);
  });
});
