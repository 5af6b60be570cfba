/** A one-line progress display on stderr; redrawn in place on a terminal, a line per update otherwise. */
export function progressLine(events: number, total: number | null, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? Math.round((events * 1000) / elapsedMs) : 0;
  if (!total) return `${events} events  ${rate} events/s`;
  const width = 30;
  const done = Math.min(width, Math.round((events / total) * width));
  const percent = Math.min(100, Math.floor((events / total) * 100));
  return `[${'#'.repeat(done)}${'-'.repeat(width - done)}] ${percent}%  ${events}/${total} events  ${rate} events/s`;
}

export function drawProgress(line: string): void {
  if (process.stderr.isTTY) process.stderr.write(`\r${line}\x1b[K`);
  else process.stderr.write(`${line}\n`);
}
