import { randomUUID } from 'node:crypto';
import { comparePositions, type Position } from '@secretchatbox/event-store';
import { uuidFromName } from '../ids.js';

/**
 * Where a command comes from: the id of the request that asked for it, which every event it
 * appends carries as its `correlationId` (and which the request's log line and `X-Request-Id`
 * answer header show), and the Idempotency-Key scope of a write that has one. The controller hands
 * it to the command explicitly (`@Origin()`), never through an async context.
 */
export class CommandOrigin {
  private written: Position | null = null;

  private constructor(
    /** The request's id; a UUID. */
    readonly requestId: string,
    /**
     * A write's Idempotency-Key scoped to its caller and route (`IdempotencyGuard`), so that the
     * same key sent by someone else, or to another route, is another request; null without one.
     */
    readonly idempotencyScope: string | null,
  ) {}

  /**
   * The latest position at which the request's commands stored events, which its answer tells the
   * client (`writePositionHeader`); null while they stored none.
   */
  get writePosition(): Position | null {
    return this.written;
  }

  /** Records that one of the request's commands stored its events at `position`. */
  wrote(position: Position): void {
    if (!this.written || comparePositions(position, this.written) > 0) this.written = position;
  }

  /** A request without an Idempotency-Key, by the id Fastify gave it (`requestIdOf`). */
  static ofRequest(requestId: string): CommandOrigin {
    return new CommandOrigin(requestId, null);
  }

  /**
   * A write with an Idempotency-Key: its request id is derived from the key's scope, so that every
   * retry of it carries the id of the request it repeats, and finds that request's events by it.
   */
  static ofIdempotentWrite(scope: string): CommandOrigin {
    return new CommandOrigin(uuidFromName(`request:${scope}`), scope);
  }

  /** A command no HTTP request asked for (a socket event, the demo seed, the chief's bootstrap): a fresh id. */
  static fresh(): CommandOrigin {
    return new CommandOrigin(randomUUID(), null);
  }
}
