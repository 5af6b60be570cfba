import { messages, type NewEvent, streams, type VisitorSessionStarted } from '@secretchatbox/contracts';
import { conflict } from '../../common/errors.js';
import { appendsTo, type Decider } from '../../common/event-sourcing/decider.js';

export type StartVisitorSession = Readonly<{ sessionId: string }>;
export type VisitorSessionState = Readonly<{ started: boolean }>;

export const visitorSessionDecider: Decider<StartVisitorSession, VisitorSessionState, VisitorSessionStarted> = {
  streams: ({ sessionId }) => [appendsTo(streams.visitorSession(sessionId))],
  initialState: () => ({ started: false }),

  evolve(state, event: NewEvent) {
    return event.type === 'VisitorSessionStarted' ? { started: true } : state;
  },

  decide(command, state) {
    // Tokens carry 256 random bits, so a repeat means a broken random source, not bad luck.
    if (state.started) throw conflict(messages.sessionExists);
    return [{ type: 'VisitorSessionStarted', data: { sessionId: command.sessionId } }];
  },
};
