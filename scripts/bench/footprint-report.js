import { seconds } from './api-report.js';
import { startCommandText } from './first-answer.js';
import { count, table, verdict } from './report.js';

const targets = { storagePerConfessionKb: 5 };
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes) => `${count(bytes / 2 ** 20)} MB`;
const startSeconds = (ms) => seconds(ms, 2);

/** Each start of `starts` (timeStarts), the median first. */
const startFigure = ({ each, median }) => `${startSeconds(median)} (${each.map(startSeconds).join(', ')})`;

/**
 * A mode's starts, memory and storage, each against its target: `starts` names each start
 * measured ({ what, result, targetMs }), `memory` the server's after the load (memoryAfterLoad), with
 * `rssTargetMb` where the mode has one, `storage` the database's parts (databaseParts) and,
 * in embedded mode, the whole data folder's bytes.
 */
export function footprintLines({ confessions, starts, memory, rssTargetMb, storage, folderBytes }) {
  const perConfession = (bytes) => kb(bytes / storage.confessions);
  const ours = storage.events + storage.auditJournal + storage.readModels;
  const rows = [
    ['Measurement', 'Figure'],
    ...starts.map(({ what, result }) => [`${what}, median (each)`, startFigure(result)]),
    [
      `Server RSS after the load (peak); of it V8's heap ${count(memory.heapUsedMb)} MB used of ${count(memory.heapTotalMb)} MB, outside it ${count(memory.externalMb)} MB`,
      `${count(memory.rssMb)} MB (${count(memory.peakMb)} MB)`,
    ],
    [
      `Server RSS once its garbage is collected; V8's heap ${count(memory.collected.heapUsedMb)} MB used of ${count(memory.collected.heapTotalMb)} MB`,
      `${count(memory.collected.rssMb)} MB`,
    ],
    [
      `Database: events ${mb(storage.events)}, audit journal ${mb(storage.auditJournal)}, read models ${mb(storage.readModels)}, PostgreSQL's own ${mb(storage.rest)}`,
      mb(storage.total),
    ],
    [
      `Per confession: events ${perConfession(storage.events)}, audit journal ${perConfession(storage.auditJournal)}, read models ${perConfession(storage.readModels)}`,
      perConfession(ours),
    ],
    ...(folderBytes === undefined ? [] : [['Data folder, WAL included, per confession', perConfession(folderBytes)]]),
  ];
  const largest = storage.largest.map(({ name, bytes }) => `${name} ${perConfession(bytes)}`).join(', ');
  return [
    `Starts: from \`${startCommandText}\` (what npm start runs once its build is current) to the first answer of the anonymous feed; storage after the load, per confession stored: ${count(storage.confessions)}, the ${count(confessions)} seeded and those the load submitted, with every other event the load made`,
    table(rows),
    `Largest tables and indexes, per confession: ${largest}`,
    ...starts.map(
      ({ what, result, targetMs }) =>
        `Target ${what} <= ${startSeconds(targetMs)}: median ${startSeconds(result.median)} -> ${verdict(result.median <= targetMs)}`,
    ),
    ...(rssTargetMb === undefined
      ? []
      : [
          `Target server RSS after the load <= ${rssTargetMb} MB: ${count(memory.rssMb)} MB -> ${verdict(memory.rssMb <= rssTargetMb)}`,
        ]),
    `Target events, audit journal and read models <= ${targets.storagePerConfessionKb} KB per confession: ${perConfession(ours)} -> ${verdict(ours / storage.confessions <= targets.storagePerConfessionKb * 1024)}`,
  ];
}
