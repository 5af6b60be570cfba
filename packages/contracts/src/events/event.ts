/** Who caused an event. Never a raw token or IP address. */
export type Actor =
  | { kind: 'system' }
  | { kind: 'visitor'; sessionId: string }
  | { kind: 'admin'; adminId: string; username: string; role: AdminRole };

export type AdminRole = 'chief' | 'college' | 'normal' | 'auditor';
export const adminRoles = ['chief', 'college', 'normal', 'auditor'] as const satisfies readonly AdminRole[];

export type EventMetadata = Readonly<{
  actor: Actor;
  /** The college an event concerns, so that audit queries can filter by college. */
  collegeCode?: string;
  /** Correlates the events of one request across streams. */
  correlationId?: string;
  occurredAt: string;
  /** The version of the shape of the event's data; absent means 1 (see upcasting.ts). */
  schemaVersion?: number;
}>;

/** Events are plain `{ type, data, metadata }` objects, discriminated by `type`. */
export type Event<Type extends string, Data extends Record<string, unknown>> = Readonly<{
  type: Type;
  data: Readonly<Data>;
  metadata: EventMetadata;
}>;
