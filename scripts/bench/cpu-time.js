import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

// /proc counts CPU time in clock ticks of 10 ms on Linux.
export const msPerTick = 10;

/**
 * The clock ticks a process has spent on the CPU, and when it started (in ticks since boot: a pid
 * can be reused); null once it has ended.
 */
export function processStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command's name, which may hold ") ": utime, stime and starttime are the 14th,
    // 15th and 22nd fields.
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    return { ticks: Number(fields[11]) + Number(fields[12]), startedAt: fields[19] };
  } catch {
    return null;
  }
}

function processTicks(pid) {
  return processStat(pid)?.ticks ?? 0;
}

/** Ticks every CPU of the machine spent busy, whatever ran; null where /proc cannot tell. */
export function machineTicks() {
  try {
    const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return user + nice + system + irq + softirq + steal;
  } catch {
    return null;
  }
}

function postgresPids() {
  try {
    return execFileSync('pgrep', ['-x', 'postgres']).toString().trim().split('\n').map(Number);
  } catch {
    return [];
  }
}

/**
 * The ticks of the local PostgreSQL server's processes that work for `database`: its backends and
 * the server's shared processes (WAL writer, checkpointer…), not the backends of other databases,
 * which other work on this machine may be using. None where the server runs elsewhere.
 */
export async function postgresTicks({ db, database }) {
  const { rows } = await db.query('SELECT pid FROM pg_stat_activity WHERE datname IS NOT NULL AND datname <> $1', [
    database,
  ]);
  const others = new Set(rows.map((row) => Number(row.pid)));
  return new Map(
    postgresPids()
      .filter((pid) => !others.has(pid))
      .map((pid) => [pid, processTicks(pid)]),
  );
}

export function postgresMsSince(before, after) {
  let ticks = 0;
  for (const [pid, now] of after) ticks += now - (before.get(pid) ?? 0);
  return ticks * msPerTick;
}

/**
 * CPU time, in ms, spent while `work` runs by the server process (or processes: their sum), PostgreSQL for `postgres`
 * ({ db, database }; null when the server embeds its database), this process (the load
 * generator), and every other process of the machine; null where /proc cannot tell (not Linux).
 */
export async function measureCpuTime(serverPids, postgres, work) {
  const pids = [serverPids].flat();
  const serverTicks = () => pids.reduce((sum, pid) => sum + processTicks(pid), 0);
  const before = {
    server: serverTicks(),
    postgres: postgres ? await postgresTicks(postgres) : null,
    self: process.cpuUsage(),
    machine: machineTicks(),
  };
  const result = await work();
  if (before.server === 0 || before.machine === null) return { result, cpu: null };
  const self = process.cpuUsage(before.self);
  const cpu = {
    serverMs: (serverTicks() - before.server) * msPerTick,
    postgresMs: postgres ? postgresMsSince(before.postgres, await postgresTicks(postgres)) : null,
    loadMs: (self.user + self.system) / 1000,
  };
  const machineMs = (machineTicks() - before.machine) * msPerTick;
  cpu.otherMs = Math.max(0, machineMs - cpu.serverMs - (cpu.postgresMs ?? 0) - cpu.loadMs);
  return { result, cpu };
}
