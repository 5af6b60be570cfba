import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { newSessionToken } from '../../identity/session-tokens.js';
import { SessionSecret } from '../../infrastructure/session-secret.js';
import { uuidFromName } from '../ids.js';
import type { CommandOrigin } from './command-origin.js';

/**
 * The ids a command creates. Random, unless the request carries an Idempotency-Key (its origin's
 * `idempotencyScope`): then every id, token and event id derives from it, so a retry addresses the
 * same streams, appends events the store already holds, and gives the caller the same answer.
 */
@Injectable()
export class CommandIds {
  constructor(private readonly secret: SessionSecret) {}

  /**
   * Ties the events of one request together, and to the request: its id, which for a write with an
   * Idempotency-Key is derived from the key's scope, so the same for every retry of it (repeatable).
   */
  correlationId(origin: CommandOrigin): Readonly<{ id: string; repeatable: boolean }> {
    return { id: origin.requestId, repeatable: origin.idempotencyScope !== null };
  }

  /**
   * The id of a repeatable request's `index`-th event: its correlation id, a name-based UUID
   * already, with `index + 1` mixed into its last 32 bits and marked as version 8, so that no
   * hash is worked out per event. A retry handled by an instance that derived event ids otherwise
   * is still found by its correlation id.
   */
  eventId(correlationId: string, index: number): string {
    const tail = (Number.parseInt(correlationId.slice(28), 16) ^ (index + 1)) >>> 0;
    return `${correlationId.slice(0, 14)}8${correlationId.slice(15, 28)}${tail.toString(16).padStart(8, '0')}`;
  }

  /** A new entity's id (a confession, a comment, a room). */
  newId({ idempotencyScope: scope }: CommandOrigin, purpose: string): string {
    return scope !== null ? uuidFromName(`${purpose}:${scope}`) : randomUUID();
  }

  /**
   * A new session token. Derived from the scope under the server's secret, so no one can compute
   * it, and a retry (which must pass the same checks again) gets the token the first attempt
   * issued without the token ever being stored.
   */
  newToken({ idempotencyScope: scope }: CommandOrigin, purpose: string): string {
    return scope !== null ? this.secret.derive(`token:${purpose}:${scope}`, 43) : newSessionToken();
  }
}
