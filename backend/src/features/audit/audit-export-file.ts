import type { AuditChainHead, AuditLogEntry } from '@secretchatbox/contracts';

export type AuditExportFile = Readonly<{ contentType: string; filename: string; body: string; head: AuditChainHead }>;

const csvColumns: readonly [string, (entry: AuditLogEntry) => string | number | null][] = [
  ['position', (e) => e.position],
  ['eventId', (e) => e.eventId],
  ['at', (e) => e.at],
  ['action', (e) => e.action],
  ['actorId', (e) => e.actor.id],
  ['actorUsername', (e) => e.actor.username],
  ['actorRole', (e) => e.actor.role],
  ['collegeCode', (e) => e.collegeCode],
  ['targetType', (e) => e.target.type],
  ['targetId', (e) => e.target.id],
  ['reasonCode', (e) => e.reasonCode],
  ['note', (e) => e.note],
  ['requestId', (e) => e.requestId],
  ['link', (e) => e.link],
  ['hash', (e) => e.hash],
];

/**
 * One CSV field: quoted when it holds a comma, quote or line break; and a field a spreadsheet
 * would run as a formula (a note starting with `=`, `+`, `-`, `@`) gets a leading apostrophe,
 * so that opening an export never runs what a moderator typed.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The chain head line that ends a CSV export (and the header that carries it in both formats). */
export const chainHeadText = (head: AuditChainHead) => `${head.links} links, head ${head.hash}`;

/**
 * The log's entries as CSV (a header row, then one row per entry, then `# chain head: …`) or as a
 * JSON array whose last element is `{ "chainHead": { links, hash } }`.
 */
export function auditExportFile(
  format: 'csv' | 'json',
  entries: readonly AuditLogEntry[],
  head: AuditChainHead,
  exportedAt: string,
): AuditExportFile {
  const filename = `moderation-log-${exportedAt.replace(/[:.]/g, '-')}.${format}`;
  if (format === 'json') {
    return {
      contentType: 'application/json; charset=utf-8',
      filename,
      body: JSON.stringify([...entries, { chainHead: head }]),
      head,
    };
  }
  const lines = [
    csvColumns.map(([name]) => name).join(','),
    ...entries.map((entry) => csvColumns.map(([, field]) => csvField(field(entry))).join(',')),
    `# chain head: ${chainHeadText(head)}`,
  ];
  return { contentType: 'text/csv; charset=utf-8', filename, body: `${lines.join('\r\n')}\r\n`, head };
}
