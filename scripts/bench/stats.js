/** The nearest-rank percentile `p` (0..100) of `values`; NaN when there are none. */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function maximum(values) {
  return values.length === 0 ? Number.NaN : values.reduce((max, value) => Math.max(max, value));
}
