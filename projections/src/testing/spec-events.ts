import {
  type Actor,
  type DomainEventType,
  type EventOfType,
  type NewEvent,
  schemaVersionOf,
  streamOf,
} from '@secretchatbox/contracts';
import type { RecordedEvent } from '@secretchatbox/event-store';

/** What the store records with an event, when a case cares; each has a default (`recordEvents`). */
export type Recording = Readonly<{
  id?: string;
  /** When it happened and was recorded (ISO); by default one second after the case's event before. */
  at?: string;
  actor?: Actor;
  collegeCode?: string;
  correlationId?: string;
}>;

/** An event as a case gives it: its type and data, as the contracts define them, and its recording. */
export type SpecEvent = NewEvent & Readonly<{ recorded?: Recording }>;

/** An event of `type`: the compiler checks `data` against the contracts' definition of that type. */
export function event<T extends DomainEventType>(
  type: T,
  data: EventOfType<T>['data'],
  recorded: Recording = {},
): SpecEvent {
  return { type, data, recorded } as SpecEvent;
}

const firstRecordedAt = Date.parse('2026-11-23T10:00:00.000Z');

/**
 * The recorded events of one case: each distinct event gets the next position (1, 2, …), the
 * next revision of its stream (`streamOf`), an id (`…0001`, `…0002`, … unless given) and a time
 * one second after the one before (unless given). The same event given again is the same record,
 * as a redelivery would be.
 */
export function recordEvents(): (events: readonly SpecEvent[]) => RecordedEvent[] {
  const recorded = new Map<SpecEvent, RecordedEvent>();
  const revisions = new Map<string, number>();
  let lastAt = firstRecordedAt - 1000;
  return (events) =>
    events.map((given) => {
      const known = recorded.get(given);
      if (known) return known;
      const { type, data, recorded: recording = {} } = given;
      const n = recorded.size + 1;
      const at = recording.at ? Date.parse(recording.at) : lastAt + 1000;
      lastAt = at;
      const streamId = streamOf({ type, data } as NewEvent);
      const revision = (revisions.get(streamId) ?? -1) + 1;
      revisions.set(streamId, revision);
      const { actor = { kind: 'system' }, collegeCode, correlationId } = recording;
      const record: RecordedEvent = {
        id: recording.id ?? `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
        streamId,
        revision,
        type,
        data,
        metadata: {
          actor,
          occurredAt: new Date(at).toISOString(),
          schemaVersion: schemaVersionOf(type),
          ...(collegeCode ? { collegeCode } : {}),
          ...(correlationId ? { correlationId } : {}),
        },
        position: { commit: BigInt(n), prepare: BigInt(n) },
        recordedAt: new Date(at),
      };
      recorded.set(given, record);
      return record;
    });
}
