import { readFileSync } from 'node:fs';

/** A process's resident memory now and at its peak (VmRSS and VmHWM of /proc), in MB. */
export function residentMemory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024;
  return { rssMb: mb('VmRSS'), peakMb: mb('VmHWM') };
}

/**
 * A server's (startServer) resident memory, and what its /metrics say it holds: the V8 heap, used
 * and reserved, and the memory outside it (Node's external memory: buffers, and in embedded mode
 * PGlite's WebAssembly memory), in MB.
 */
export async function serverMemory(server) {
  const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
  const mb = (name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1]) / 2 ** 20;
  return {
    ...residentMemory(server.pid),
    heapUsedMb: mb('nodejs_heap_size_used_bytes'),
    heapTotalMb: mb('nodejs_heap_size_total_bytes'),
    externalMb: mb('nodejs_external_memory_bytes'),
  };
}

/** A server's memory right after a load, and once it has collected its garbage (what it holds live). */
export async function memoryAfterLoad(server) {
  const afterLoad = await serverMemory(server);
  await server.gc();
  return { ...afterLoad, collected: await serverMemory(server) };
}
