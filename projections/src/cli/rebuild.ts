import { allProjections } from '../read-models/index.js';
import { rebuildReadModels } from '../rebuild.js';
import { openExistingStorageOrExit } from './open-existing-storage.js';
import { drawProgress, progressLine } from './progress-bar.js';

/**
 * `npm run projections:rebuild`: drops every read model and replays all events into them. It
 * makes no event store where there is none: that is exit 2, as a store it cannot read is.
 */
const storage = await openExistingStorageOrExit('secretchatbox-rebuild');
try {
  console.error(`Rebuilding read models from ${storage.describe}`);
  const total = await storage.store.countEvents();
  let drawnAt = -Infinity;
  let drawnEvents = -1;
  const draw = (events: number, elapsedMs: number) => {
    drawnAt = elapsedMs;
    drawnEvents = events;
    drawProgress(progressLine(events, total, elapsedMs));
  };
  const result = await rebuildReadModels(storage.db, storage.store, allProjections, ({ events, elapsedMs }) => {
    if (elapsedMs - drawnAt >= 200) draw(events, elapsedMs);
  });
  if (drawnEvents !== result.events) draw(result.events, result.elapsedMs);
  if (process.stderr.isTTY) process.stderr.write('\n');
  const rate = result.elapsedMs > 0 ? Math.round((result.events * 1000) / result.elapsedMs) : result.events;
  console.log(
    `Rebuilt ${allProjections.length} projections from ${result.events} events in ${result.elapsedMs} ms: ${rate} events/s`,
  );
} catch (error) {
  console.error(`Rebuild failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await storage.close();
}
