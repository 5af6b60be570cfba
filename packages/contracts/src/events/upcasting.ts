import type { DomainEvent, DomainEventType, EventMetadata } from './index.js';
import { isDomainEventType } from './index.js';

/** An event as the store gives it back: any type, any shape, any version. */
export type StoredEvent = Readonly<{ type: string; data: unknown; metadata: unknown }>;

/** Turns one type's data of version `n` (the key) into version `n + 1`. */
export type Upcasters = { readonly [T in DomainEventType]?: Readonly<Record<number, (data: never) => unknown>> };

/**
 * The version of each type's data this code writes; a type not listed is at version 1. Raise a
 * version together with an upcaster from the one before. A change older code could not read (a
 * field it relies on removed or changed in meaning) gets a new event type instead: during a
 * rolling deploy, older instances read newer versions as they are.
 */
export const eventSchemaVersions: Readonly<Partial<Record<DomainEventType, number>>> = { AdminAccountCreated: 2 };

const upcasters: Upcasters = {
  AdminAccountCreated: {
    // The hash moved to the credentials table. A stored version 1 event may still hold it (until
    // the start's one-off migration removes it, or forever on KurrentDB) or no longer hold it.
    1: ({ passwordHash: _hash, ...data }: Record<string, unknown> & { passwordHash?: string }) => ({
      ...data,
      passwordSet: true,
    }),
  },
};

export const schemaVersionOf = (type: DomainEventType): number => eventSchemaVersions[type] ?? 1;

/**
 * Builds the one step that every reader of events goes through, command-side loads and
 * projections alike: unknown types (written by a newer instance) are left out, and known ones are
 * brought up to the version this code writes.
 */
export function createUpcaster(
  versions: Readonly<Partial<Record<DomainEventType, number>>>,
  steps: Upcasters,
): (stored: StoredEvent) => DomainEvent | null {
  return (stored) => {
    if (!isDomainEventType(stored.type)) return null;
    const metadata = stored.metadata as EventMetadata;
    const target = versions[stored.type] ?? 1;
    let version = metadata.schemaVersion ?? 1;
    let data = stored.data;
    for (; version < target; version++) {
      const step = steps[stored.type]?.[version];
      if (!step) throw new Error(`No upcaster for ${stored.type} from version ${version}`);
      data = step(data as never);
    }
    return { type: stored.type, data, metadata } as DomainEvent;
  };
}

export const upcastEvent = createUpcaster(eventSchemaVersions, upcasters);
