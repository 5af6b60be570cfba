import { limits, messages, textLength } from '@secretchatbox/contracts';
import { type FormEvent, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { buttonStyles, inputStyles } from '../../../components/ui/styles';

type Props = {
  open: boolean;
  current: string | null;
  onChoose: (nickname: string | null) => void;
  onClose: () => void;
};

function problemOf(nickname: string): string | null {
  const length = textLength(nickname.trim());
  if (length < limits.nickname.min) return messages.nicknameTooShort;
  if (length > limits.nickname.max) return messages.nicknameTooLong;
  return null;
}

/** "Set your nickname" (docs/product.md, Screens): a nickname of 3 to 20 characters, or Anonymous. */
export function NicknameDialog({ open, current, onChoose, onClose }: Props) {
  const [nickname, setNickname] = useState(current ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = problemOf(nickname);
    setProblem(found);
    if (!found) onChoose(nickname.trim());
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Set your nickname"
      description="Others in the room see it beside your messages. No personal information, please."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="Nickname">
          {(id) => (
            <>
              <input
                id={id}
                name="nickname"
                value={nickname}
                autoComplete="off"
                maxLength={limits.nickname.max + 10}
                aria-invalid={problem ? true : undefined}
                onChange={(event) => {
                  setNickname(event.target.value);
                  setProblem(null);
                }}
                className={inputStyles}
              />
              {problem && <p className="mt-1 text-sm text-red-700 dark:text-red-300">{problem}</p>}
            </>
          )}
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={() => onChoose(null)}
            className={`${buttonStyles.base} ${buttonStyles.outline}`}
          >
            Use Anonymous
          </button>
          <button type="submit" className={`${buttonStyles.base} ${buttonStyles.primary}`}>
            Set Nickname
          </button>
        </div>
      </form>
    </Dialog>
  );
}
