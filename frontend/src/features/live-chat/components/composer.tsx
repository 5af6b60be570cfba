import { limits, messages, socketEvents, textLength } from '@secretchatbox/contracts';
import { Send } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { EmojiPickerButton } from '../../../components/emoji-picker/emoji-picker-button';
import { getSocket } from '../../../lib/socket';

type Props = {
  /** The room typing notices go to; none in a random pair. */
  roomId: string | null;
  nickname: string | null;
  remaining: number;
  sending: boolean;
  onSend: (content: string) => Promise<void>;
  onLimitReached: () => void;
};

/** A pause this long, or a send, stops the typing notices; starts go out as often as the server relays them. */
const typingIdleMs = 3000;

function problemOf(content: string): string | null {
  const length = textLength(content.trim());
  if (length < limits.roomMessage.min) return messages.roomMessageEmpty;
  if (length > limits.roomMessage.max) return messages.roomMessageTooLong;
  return null;
}

/** Tells the room this visitor is typing, now and then, and when it stops. */
function useTypingNotices(roomId: string | null, nickname: string | null) {
  const state = useRef({ sentAt: 0, idle: undefined as ReturnType<typeof setTimeout> | undefined });
  const send = (isTyping: boolean) => {
    // Volatile: a notice the socket cannot send now is stale by the time it could.
    if (roomId) getSocket().volatile.emit(socketEvents.typing, { roomId, isTyping, ...(nickname ? { nickname } : {}) });
  };
  const stop = () => {
    clearTimeout(state.current.idle);
    if (state.current.sentAt === 0) return;
    state.current.sentAt = 0;
    send(false);
  };
  const typed = () => {
    clearTimeout(state.current.idle);
    state.current.idle = setTimeout(stop, typingIdleMs);
    if (Date.now() - state.current.sentAt < limits.typingRelayIntervalMs) return;
    state.current.sentAt = Date.now();
    send(true);
  };
  useEffect(() => stop, [roomId]); // eslint-disable-line react-hooks/exhaustive-deps
  return { typed, stop };
}

/**
 * The composer (docs/product.md, Screens): up to five rows, Enter sends, Shift+Enter adds a line, emoji
 * picker. Disabled at 0 remaining; sending then shows the limit toast.
 */
export function Composer({ roomId, nickname, remaining, sending, onSend, onLimitReached }: Props) {
  const [content, setContent] = useState('');
  const [shownProblem, setShownProblem] = useState<string | null>(null);
  const typing = useTypingNotices(roomId, nickname);
  const id = useId();
  const exhausted = remaining <= 0;
  const problem = problemOf(content);
  const rows = Math.min(limits.composerRows, Math.max(1, content.split('\n').length));

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (exhausted) return onLimitReached();
    if (problem) return setShownProblem(problem);
    if (sending) return;
    typing.stop();
    setContent('');
    // The server keeps the text trimmed; the message shows as it will be stored.
    await onSend(content.trim());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form onSubmit={submit} noValidate className="border-t border-gray-200 p-3 sm:p-4 dark:border-gray-700">
      {exhausted && (
        <p role="status" className="mb-2 text-sm font-medium text-amber-800 dark:text-amber-200">
          You've reached today's limit. Try again tomorrow.
        </p>
      )}
      <div className="relative flex items-end gap-2">
        <EmojiPickerButton onPick={(emoji) => setContent((current) => current + emoji)} />
        <label htmlFor={id} className="sr-only">
          Message
        </label>
        <textarea
          id={id}
          value={content}
          rows={rows}
          disabled={exhausted}
          placeholder="Type your message..."
          aria-invalid={shownProblem ? true : undefined}
          aria-describedby={shownProblem ? `${id}-problem` : undefined}
          onChange={(event) => {
            setContent(event.target.value);
            setShownProblem(null);
            typing.typed();
          }}
          onKeyDown={onKeyDown}
          // Where the browser can size a field to its content, wrapped lines grow it too, up to
          // the same five rows (plus the padding and border); elsewhere the rows above count lines.
          style={{ maxHeight: `calc(${limits.composerRows}lh + 1.25rem + 2px)` }}
          className="field-sizing-content min-h-11 flex-1 resize-none rounded-2xl border border-gray-300 bg-gray-50 px-4 py-2.5 text-gray-900 placeholder:text-gray-500 focus:border-purple-500 disabled:cursor-not-allowed disabled:opacity-60 dark:border-gray-600 dark:bg-gray-900/60 dark:text-gray-100 dark:placeholder:text-gray-400"
        />
        <button
          type="submit"
          aria-label="Send message"
          disabled={exhausted || sending || problem !== null}
          className="bg-brand grid size-11 shrink-0 place-items-center rounded-full text-white shadow-lg shadow-pink-500/20 transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <Send className="size-5" aria-hidden />
        </button>
      </div>
      <div className="mt-1 flex justify-between px-14 text-xs">
        <span id={`${id}-problem`} className="text-red-700 dark:text-red-300">
          {shownProblem}
        </span>
        <span
          className={
            textLength(content.trim()) > limits.roomMessage.max
              ? 'text-red-700 dark:text-red-300'
              : 'text-gray-600 dark:text-gray-400'
          }
        >
          {textLength(content.trim())}/{limits.roomMessage.max}
        </span>
      </div>
    </form>
  );
}
