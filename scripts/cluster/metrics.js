/**
 * One series of a process's `/metrics` (an API instance's or a projections worker's): `name` with
 * exactly the `labels` given (`{lease="projection:colleges"}`, or none); null where it has none.
 */
export async function readMetric(baseUrl, name, labels = {}) {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const pairs = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
  const series = pairs.length > 0 ? `${name}{${pairs.join(',')}}` : name;
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}

/**
 * The leases a projections worker (or an API instance) reports, each projection's
 * (`projection:<name>`) and the audit chain writer's, with whether it holds each now, from its
 * `scb_lease_held` series; none when it does not answer.
 */
export async function leases(baseUrl) {
  const text = await fetch(`${baseUrl}/metrics`).then(
    (answer) => answer.text(),
    () => '',
  );
  const series = text.split('\n').map((line) => /^scb_lease_held\{lease="([^"]+)"\} (\d+)$/.exec(line));
  return new Map(series.filter(Boolean).map(([, lease, held]) => [lease, held === '1']));
}

/** Whether the process at `baseUrl` applies the projections now (it holds every projection's lease). */
export async function runsProjections(baseUrl) {
  const projections = [...(await leases(baseUrl))].filter(([lease]) => lease.startsWith('projection:'));
  return projections.length > 0 && projections.every(([, held]) => held);
}
