import type { VisitorSessionStarted } from '@secretchatbox/contracts';
import { conflict } from '../../common/errors.js';
import type { Decider } from '../../common/event-sourcing/decider.js';

export type StartVisitorSession = Readonly<{ sessionId: string }>;
export type VisitorSessionState = Readonly<{ started: boolean }>;

export const visitorSessionStream = (sessionId: string) => `visitorSession-${sessionId}`;

export const visitorSessionDecider: Decider<StartVisitorSession, VisitorSessionStarted, VisitorSessionState> = {
  initialState: () => ({ started: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'VisitorSessionStarted':
        return { ...state, started: true };
    }
  },

  decide(command, state) {
    // Tokens carry 256 random bits, so a repeat means a broken random source, not bad luck.
    if (state.started) throw conflict('Session already exists');
    return [{ type: 'VisitorSessionStarted', data: { sessionId: command.sessionId } }];
  },
};
