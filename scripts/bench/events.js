import { randomBytes } from 'node:crypto';

/** A real domain event, shaped as the application appends it: a session id is a 64-hex-digit keyed hash. */
export function visitorSessionStarted() {
  return {
    type: 'VisitorSessionStarted',
    data: { sessionId: randomBytes(32).toString('hex') },
    metadata: { actor: { kind: 'system' }, occurredAt: new Date().toISOString() },
  };
}
