import { anonymousChatNickname, type PairEndReason, type ReasonCode } from '@secretchatbox/contracts';
import { Ban, Flag, Loader2, Mail, Shuffle, SkipForward, UserRound } from 'lucide-react';
import { type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { ReportReasonFields } from '../../../components/ui/report-reason-fields';
import { buttonStyles } from '../../../components/ui/styles';
import type { ApiError } from '../../../lib/api';
import { useNotify } from '../../../components/notifications/use-notify';
import { chatTime } from '../chat-text';
import { type PairingView, type PairRequest, usePairingQuery, usePairMutation } from '../pairing-api';
import { toasts } from '../toasts';
import { Composer } from './composer';
import type { Recipient } from './direct-message-dialog';

type Props = {
  collegeCode: string;
  ownSessionId: string;
  nickname: string | null;
  remaining: number;
  onMessagePartner: (partner: Recipient) => void;
};

/** What the visitor reads once a pair is over: the partner's doing, or the visitor's own. */
const endings: Record<PairEndReason, { partner: string; own: string }> = {
  skipped: { partner: 'Your partner skipped to someone new.', own: 'You skipped this chat.' },
  blocked: { partner: 'Your partner left the chat.', own: 'You blocked this student. You will not be paired again.' },
  reported: { partner: 'Your partner left the chat.', own: 'Thanks. The moderators have your report and the chat.' },
  left: { partner: 'Your partner left the chat.', own: 'You left the chat.' },
  disconnected: { partner: 'Your partner was disconnected.', own: 'You were disconnected.' },
};

const actionButton =
  'inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold transition disabled:opacity-50';

/**
 * Random Chat (docs/product.md, Chat): a student of the same college at random, one to one. Find a partner,
 * wait (or cancel), talk with the chat's composer, then skip, block or report, and find the next.
 */
export function RandomChat({ collegeCode, ownSessionId, nickname, remaining, onMessagePartner }: Props) {
  const { data: view = idleView } = usePairingQuery();
  const [pair, { isLoading: busy }] = usePairMutation();
  const [reporting, setReporting] = useState(false);
  const notify = useNotify();

  const request = async (what: PairRequest) => {
    const result = await pair(what);
    if (result.error) notify(toasts.pairingRefused((result.error as ApiError).message));
    return !result.error;
  };
  const find = () => request({ kind: 'find', collegeCode, nickname });

  return (
    <Card className="flex h-[70vh] min-h-[28rem] flex-col overflow-hidden">
      <header className="flex flex-wrap items-center gap-2 border-b border-gray-200 px-4 py-3 sm:px-6 dark:border-gray-700">
        <h2 className="flex min-w-0 flex-1 items-center gap-2 text-lg font-bold">
          <Shuffle className="size-5 shrink-0 text-purple-600 dark:text-purple-400" aria-hidden />
          <span className="truncate">
            {view.phase === 'paired' && view.partner
              ? `Chatting with ${view.partner.nickname ?? anonymousChatNickname}`
              : 'Random Chat'}
          </span>
        </h2>
        {view.phase === 'paired' && view.partner && (
          <div className="flex flex-wrap gap-1" role="group" aria-label="Chat actions">
            <button
              type="button"
              onClick={() => onMessagePartner(view.partner!)}
              className={`${actionButton} text-purple-800 hover:bg-purple-100 dark:text-purple-200 dark:hover:bg-purple-900/50`}
            >
              <Mail className="size-4" aria-hidden />{' '}
              <span className="sr-only sm:not-sr-only">Send direct message</span>
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => void request({ kind: 'skip' })}
              className={`${actionButton} text-purple-800 hover:bg-purple-100 dark:text-purple-200 dark:hover:bg-purple-900/50`}
            >
              <SkipForward className="size-4" aria-hidden /> Skip
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => void request({ kind: 'block' })}
              className={`${actionButton} text-gray-800 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-700`}
            >
              <Ban className="size-4" aria-hidden /> Block
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => setReporting(true)}
              className={`${actionButton} text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950/40`}
            >
              <Flag className="size-4" aria-hidden /> Report
            </button>
          </div>
        )}
      </header>
      {view.phase === 'paired' ? (
        <>
          <PairMessages view={view} ownSessionId={ownSessionId} />
          <Composer
            roomId={null}
            nickname={nickname}
            remaining={remaining}
            sending={busy}
            onSend={async (content) => void (await request({ kind: 'send', content }))}
            onLimitReached={() => notify(toasts.dailyLimitReached)}
          />
        </>
      ) : (
        <Lobby view={view} busy={busy} onFind={find} onCancel={() => void request({ kind: 'leave' })} />
      )}
      <ReportPartnerDialog
        open={reporting}
        onClose={() => setReporting(false)}
        onReport={async (reason, note) => {
          if (await request({ kind: 'report', report: { reason, ...(note ? { note } : {}) } })) setReporting(false);
        }}
      />
    </Card>
  );
}

const idleView: PairingView = { phase: 'idle', pairId: null, partner: null, messages: [], ended: null, ownEnd: false };

function Lobby({
  view,
  busy,
  onFind,
  onCancel,
}: {
  view: PairingView;
  busy: boolean;
  onFind: () => void;
  onCancel: () => void;
}) {
  if (view.phase === 'waiting') {
    return (
      <div className="grid flex-1 place-items-center p-6 text-center" role="status">
        <div>
          <Loader2 className="mx-auto mb-3 size-10 animate-spin text-purple-500" aria-hidden />
          <p className="text-lg font-semibold">Looking for a student from your college…</p>
          <p className="mt-1 text-gray-700 dark:text-gray-300">You will be paired as soon as someone is free.</p>
          <button type="button" onClick={onCancel} className={`${buttonStyles.base} ${buttonStyles.outline} mt-4`}>
            Cancel
          </button>
        </div>
      </div>
    );
  }
  const ending = view.phase === 'ended' && view.ended ? endings[view.ended][view.ownEnd ? 'own' : 'partner'] : null;
  return (
    <div className="grid flex-1 place-items-center p-6 text-center">
      <div className="max-w-sm">
        <UserRound className="mx-auto mb-3 size-10 text-purple-400" aria-hidden />
        {ending ? (
          <p className="text-lg font-semibold" role="status" data-testid="pair-ended">
            {ending}
          </p>
        ) : (
          <>
            <p className="text-lg font-semibold">Chat one to one with a random student</p>
            <p className="mt-1 text-gray-700 dark:text-gray-300">
              Only students of your college. Skip to meet someone else, block anyone you never want to meet again, and
              report what moderators should see.
            </p>
          </>
        )}
        <button
          type="button"
          disabled={busy}
          onClick={onFind}
          className={`${buttonStyles.base} ${buttonStyles.primary} mt-4`}
        >
          <Shuffle className="size-4" aria-hidden /> {ending ? 'Find next' : 'Find a partner'}
        </button>
      </div>
    </div>
  );
}

function PairMessages({ view, ownSessionId }: { view: PairingView; ownSessionId: string }) {
  const frame = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (frame.current) frame.current.scrollTop = frame.current.scrollHeight;
  }, [view.messages.length]);
  return (
    <div ref={frame} className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6">
      {view.messages.length === 0 && (
        <p className="py-10 text-center text-gray-700 dark:text-gray-300">You are paired. Say hello!</p>
      )}
      <div role="log" aria-live="polite" aria-label="Random chat messages">
        <ol className="space-y-3">
          {view.messages.map((message) => {
            const own = message.fromSessionId === ownSessionId;
            return (
              <li
                key={message.id}
                className={`flex ${own ? 'justify-end' : 'justify-start'}`}
                data-testid="pair-message"
              >
                <div className={`flex max-w-[85%] flex-col gap-1 sm:max-w-[70%] ${own ? 'items-end' : 'items-start'}`}>
                  <div
                    className={`rounded-2xl px-4 py-2 shadow-sm ${
                      own
                        ? 'bg-brand rounded-br-md text-white'
                        : 'rounded-bl-md border border-gray-200 bg-white text-gray-900 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100'
                    }`}
                  >
                    <p className="break-words whitespace-pre-wrap">{message.content}</p>
                  </div>
                  <time dateTime={message.createdAt} className="px-1 text-xs text-gray-600 dark:text-gray-400">
                    {chatTime(message.createdAt)}
                  </time>
                </div>
              </li>
            );
          })}
        </ol>
      </div>
    </div>
  );
}

function ReportPartnerDialog({
  open,
  onClose,
  onReport,
}: {
  open: boolean;
  onClose: () => void;
  onReport: (reason: ReasonCode, note: string | null) => Promise<void>;
}) {
  const [reason, setReason] = useState<ReasonCode | null>(null);
  const [note, setNote] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason) await onReport(reason, note.trim() || null);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Report your partner"
      description="The chat ends, and the moderators of your college get your report with its last messages."
    >
      <form onSubmit={submit} className="space-y-4">
        <ReportReasonFields reason={reason} note={note} onReason={setReason} onNote={setNote} />
        <div className="flex justify-end gap-3">
          <button type="button" onClick={onClose} className={`${buttonStyles.base} ${buttonStyles.outline}`}>
            Cancel
          </button>
          <button type="submit" disabled={!reason} className={`${buttonStyles.base} ${buttonStyles.primary}`}>
            Send report
          </button>
        </div>
      </form>
    </Dialog>
  );
}
