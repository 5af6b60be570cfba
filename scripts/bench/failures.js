/**
 * Failures by kind ('HTTP 503', 'ECONNRESET', 'stale remaining'…), counted over the whole loop,
 * warm-up included, so that a report can name every one.
 */
export function failureTally() {
  const counts = {};
  return {
    counts,
    add(kind) {
      counts[kind] = (counts[kind] ?? 0) + 1;
    },
  };
}

/** "3 HTTP 503, 1 ECONNRESET", or '' when there were none. */
export function describeFailures(counts = {}) {
  return Object.entries(counts)
    .sort(([, a], [, b]) => b - a)
    .map(([kind, n]) => `${n.toLocaleString('en-US')} ${kind}`)
    .join(', ');
}
