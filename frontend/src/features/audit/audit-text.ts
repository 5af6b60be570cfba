import type { AuditActor, AuditTarget } from '@secretchatbox/contracts';

/** An event type as words: `ConfessionReportsDismissed` → "Confession reports dismissed". */
export function actionLabel(action: string): string {
  const words = action.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const targetLabels: Record<AuditTarget['type'], string> = {
  confession: 'Confession',
  comment: 'Comment',
  'direct-message': 'Direct message',
  'chat-message': 'Chat message',
  room: 'Chat room',
  admin: 'Admin account',
  pair: 'Random pair',
  'pairing-report': 'Pairing report',
};

/** Who acted, as the log shows it. */
export function actorLabel(actor: AuditActor): string {
  if (actor.role === 'system') return 'System';
  if (actor.role === 'visitor') return `Student ${actor.id ?? ''}`.trim();
  return `${actor.username ?? actor.id} (${actor.role})`;
}

/** A moment as the auditor's browser shows it, to the second. */
export function momentLabel(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** `<input type="datetime-local">` holds a local time without zone; the API wants ISO. */
export const localInputToIso = (value: string) => (value ? new Date(value).toISOString() : undefined);

/** An ISO moment as a `datetime-local` value in the browser's zone. */
export function isoToLocalInput(iso: string): string {
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
