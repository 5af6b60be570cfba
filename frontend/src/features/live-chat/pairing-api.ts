import {
  type PairAck,
  type PairEndReason,
  type PairFindAck,
  type PairMessage,
  type PairPartner,
  type PairReportRequest,
  socketEvents,
} from '@secretchatbox/contracts';
import { api } from '../../lib/api';
import { getSocket, holdSocket } from '../../lib/socket';

/** Where the visitor is in random chat: not looking, waiting for a partner, paired, or the pair over. */
export type PairingView = Readonly<{
  phase: 'idle' | 'waiting' | 'paired' | 'ended';
  pairId: string | null;
  partner: PairPartner | null;
  messages: PairMessage[];
  /** Why the pair ended: the partner's doing, or the visitor's own (`ownEnd`). */
  ended: PairEndReason | null;
  ownEnd: boolean;
}>;

export type PairRequest =
  | { kind: 'find'; collegeCode: string; nickname: string | null }
  | { kind: 'send'; content: string }
  | { kind: 'skip' | 'block' | 'leave' }
  | { kind: 'report'; report: PairReportRequest };

const idle: PairingView = { phase: 'idle', pairId: null, partner: null, messages: [], ended: null, ownEnd: false };
const ackTimeoutMs = 10_000;

/** What the server answered: done, or a refusal in its words. */
async function ask(request: PairRequest): Promise<PairAck | PairFindAck> {
  const socket = getSocket().timeout(ackTimeoutMs);
  switch (request.kind) {
    case 'find': {
      const { collegeCode, nickname } = request;
      return socket.emitWithAck(socketEvents.pairFind, { collegeCode, ...(nickname ? { nickname } : {}) });
    }
    case 'send':
      return socket.emitWithAck(socketEvents.pairSend, { content: request.content });
    case 'report':
      return socket.emitWithAck(socketEvents.pairReport, request.report);
    case 'skip':
      return socket.emitWithAck(socketEvents.pairSkip);
    case 'block':
      return socket.emitWithAck(socketEvents.pairBlock);
    case 'leave':
      return socket.emitWithAck(socketEvents.pairLeave);
  }
}

const refusalOf = (answer: PairAck | PairFindAck) =>
  'ok' in answer ? (answer.ok ? null : answer.message) : answer.status === 'refused' ? answer.message : null;

const endings = { skip: 'skipped', block: 'blocked', report: 'reported', leave: 'left' } as const;

export const pairingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Random chat as the socket tells it, kept live while the view is on screen. Leaving the view
     * leaves the queue or the pair, as closing the tab does.
     */
    pairing: build.query<PairingView, void>({
      queryFn: () => ({ data: idle }),
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        const socket = getSocket();
        const onWaiting = () => updateCachedData(() => ({ ...idle, phase: 'waiting' }));
        const onMatched = ({ pairId, partner }: { pairId: string; partner: PairPartner }) =>
          updateCachedData(() => ({ ...idle, phase: 'paired', pairId, partner }));
        const onMessage = (message: PairMessage) =>
          updateCachedData((view) => {
            if (!view.messages.some((known) => known.id === message.id)) view.messages.push(message);
          });
        const onEnded = ({ reason }: { reason: PairEndReason }) =>
          updateCachedData((view) => ({ ...view, phase: 'ended', ended: reason, ownEnd: false }));
        // The server ends the pair when this socket goes: so does the view.
        const onDisconnect = () =>
          updateCachedData((view) =>
            view.phase === 'paired' || view.phase === 'waiting'
              ? { ...view, phase: 'ended', ended: 'disconnected', ownEnd: true }
              : view,
          );
        await cacheDataLoaded;
        const release = holdSocket();
        socket.on(socketEvents.pairWaiting, onWaiting);
        socket.on(socketEvents.pairMatched, onMatched);
        socket.on(socketEvents.pairMessage, onMessage);
        socket.on(socketEvents.pairEnded, onEnded);
        socket.on('disconnect', onDisconnect);
        await cacheEntryRemoved;
        if (socket.connected) socket.emit(socketEvents.pairLeave, () => undefined);
        socket.off(socketEvents.pairWaiting, onWaiting);
        socket.off(socketEvents.pairMatched, onMatched);
        socket.off(socketEvents.pairMessage, onMessage);
        socket.off(socketEvents.pairEnded, onEnded);
        socket.off('disconnect', onDisconnect);
        release();
      },
    }),
    /** One request over the socket; a refusal comes back as an error with the server's message. */
    pair: build.mutation<PairAck | PairFindAck, PairRequest>({
      queryFn: async (request) => {
        try {
          const answer = await ask(request);
          const refusal = refusalOf(answer);
          return refusal ? { error: { status: 400, message: refusal } } : { data: answer };
        } catch {
          return { error: { status: 'FETCH_ERROR', message: 'The chat server did not answer. Please try again.' } };
        }
      },
      async onQueryStarted(request, { dispatch, queryFulfilled }) {
        const update = (change: (view: PairingView) => PairingView) =>
          dispatch(pairingApi.util.updateQueryData('pairing', undefined, change));
        try {
          const { data } = await queryFulfilled;
          if (request.kind === 'find' && 'status' in data && data.status === 'waiting')
            update((view) => (view.phase === 'paired' ? view : { ...idle, phase: 'waiting' }));
          if (request.kind === 'leave') update(() => idle);
          else if (request.kind in endings)
            update((view) => ({
              ...view,
              phase: 'ended',
              ended: endings[request.kind as keyof typeof endings],
              ownEnd: true,
            }));
        } catch {
          // The refusal is the mutation's error; the view stays as the server last told it.
        }
      },
    }),
  }),
});

export const { usePairingQuery, usePairMutation } = pairingApi;
