import { messages, streams, type VisitorSessionStarted } from '@secretchatbox/contracts';
import { conflict } from '../../common/errors.js';
import { appendsTo, type Decider, evolverOf, unhandled } from '../../common/event-sourcing/decider.js';

export type StartVisitorSession = Readonly<{ sessionId: string }>;
export type VisitorSessionState = Readonly<{ started: boolean }>;

export const visitorSessionDecider: Decider<StartVisitorSession, VisitorSessionState, VisitorSessionStarted> = {
  streams: ({ sessionId }) => [appendsTo(streams.visitorSession(sessionId))],
  initialState: () => ({ started: false }),

  evolve: evolverOf(['visitorSession'], (_state: VisitorSessionState, event): VisitorSessionState => {
    const { type } = event;
    switch (type) {
      case 'VisitorSessionStarted':
        return { started: true };
      default:
        return unhandled(type);
    }
  }),

  decide(command, state) {
    // Tokens carry 256 random bits, so a repeat means a broken random source, not bad luck.
    if (state.started) throw conflict(messages.sessionExists);
    return [{ type: 'VisitorSessionStarted', data: { sessionId: command.sessionId } }];
  },
};
