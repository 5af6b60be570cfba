import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

// /proc counts CPU time in clock ticks of 10 ms on Linux.
const msPerTick = 10;

function processTicks(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** The PostgreSQL server's processes on this machine (none where it runs elsewhere). */
function postgresPids() {
  try {
    return execFileSync('pgrep', ['-x', 'postgres']).toString().trim().split('\n').map(Number);
  } catch {
    return [];
  }
}

const postgresTicks = () => postgresPids().reduce((total, pid) => total + processTicks(pid), 0);

/**
 * CPU time spent by the server process, the local PostgreSQL server and this process while
 * `work` runs, in ms; null where /proc cannot tell (not Linux).
 */
export async function measureCpuTime(serverPid, work) {
  const before = { server: processTicks(serverPid), postgres: postgresTicks(), self: process.cpuUsage() };
  const result = await work();
  if (before.server === 0) return { result, cpu: null };
  const self = process.cpuUsage(before.self);
  return {
    result,
    cpu: {
      serverMs: (processTicks(serverPid) - before.server) * msPerTick,
      postgresMs: (postgresTicks() - before.postgres) * msPerTick,
      loadMs: (self.user + self.system) / 1000,
    },
  };
}
