import { anonymousChatNickname, type ErrorCode, limits, messages, textLength } from '@secretchatbox/contracts';
import { type FormEvent, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { buttonStyles, inputStyles } from '../../../components/ui/styles';
import { type ApiError, serverMessage } from '../../../lib/api';
import { useNotify } from '../../../components/notifications/use-notify';
import { useSendDirectMessageMutation } from '../direct-messages-api';
import { toasts } from '../toasts';

/** Who a direct message goes to: a chat author's or a pairing partner's public session id, and the name they go by. */
export type Recipient = { sessionId: string; nickname: string | null };

type Props = { recipient: Recipient | null; onClose: () => void };

/** Refusals the visitor can act on (the day's allowance, a recipient gone, a refused text), told in the server's words. */
const actionableRefusals = new Set<ErrorCode>([
  'daily_limit_reached',
  'rate_limited',
  'not_found',
  'validation_failed',
]);

function problemOf(content: string): string | null {
  const length = textLength(content.trim());
  if (length < limits.directMessage.min) return messages.directMessageEmpty;
  if (length > limits.directMessage.max) return messages.directMessageTooLong;
  return null;
}

/** The direct-message dialog (docs/product.md, Screens): content and recipient; the message waits for a moderator. */
export function DirectMessageDialog({ recipient, onClose }: Props) {
  return (
    <Dialog
      open={recipient !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Send direct message"
      description="A moderator reads it first; it reaches the recipient once approved."
    >
      {/* Keyed by recipient: a new recipient starts from an empty form. */}
      {recipient && <DirectMessageForm key={recipient.sessionId} recipient={recipient} onSent={onClose} />}
    </Dialog>
  );
}

function DirectMessageForm({ recipient, onSent }: { recipient: Recipient; onSent: () => void }) {
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [send, { isLoading }] = useSendDirectMessageMutation();
  const notify = useNotify();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problemOf(content);
    setProblem(found);
    if (found) return;
    const result = await send({ toSessionId: recipient.sessionId, content: content.trim() });
    if (result.error) {
      const error = result.error as ApiError;
      // A refusal the visitor can act on (the day's allowance, a recipient gone) says so; anything else is the failure toast.
      const refusal = error.code && actionableRefusals.has(error.code) ? serverMessage(error) : null;
      return void notify(refusal ? toasts.directMessageRefused(refusal) : toasts.directMessageFailed);
    }
    notify(toasts.directMessageSent);
    setContent('');
    onSent();
  };
  const length = textLength(content.trim());
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field label="Recipient">
        {(id) => (
          <input
            id={id}
            name="toSessionId"
            readOnly
            value={`${recipient.nickname ?? anonymousChatNickname} (${recipient.sessionId.slice(0, 8)})`}
            className={`${inputStyles} bg-gray-50 dark:bg-gray-900`}
          />
        )}
      </Field>
      <Field label="Message">
        {(id) => (
          <>
            <textarea
              id={id}
              name="content"
              rows={4}
              value={content}
              autoFocus
              aria-invalid={problem ? true : undefined}
              onChange={(event) => {
                setContent(event.target.value);
                setProblem(null);
              }}
              className={`${inputStyles} resize-y`}
            />
            <p className="mt-1 flex justify-between gap-3 text-sm">
              <span className="text-red-700 dark:text-red-300">{problem}</span>
              <span
                className={
                  length > limits.directMessage.max
                    ? 'text-red-700 dark:text-red-300'
                    : 'text-gray-600 dark:text-gray-400'
                }
              >
                {length}/{limits.directMessage.max}
              </span>
            </p>
          </>
        )}
      </Field>
      <div className="flex justify-end">
        <button type="submit" disabled={isLoading} className={`${buttonStyles.base} ${buttonStyles.primary}`}>
          {isLoading ? 'Sending…' : 'Send'}
        </button>
      </div>
    </form>
  );
}
