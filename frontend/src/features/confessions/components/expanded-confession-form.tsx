import { categories, confessionSubmissionSchema, limits, textLength } from '@secretchatbox/contracts';
import { Send, Sparkles } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { EmojiPickerButton } from '../../../components/emoji-picker/emoji-picker-button';
import { Card } from '../../../components/ui/card';
import { buttonStyles, inputStyles } from '../../../components/ui/styles';
import type { ApiError } from '../../../lib/api';
import { categoryStyles } from '../../../lib/categories';
import { useNotify } from '../../../components/notifications/use-notify';
import { useSubmitConfessionMutation } from '../api/confessions';
import { toasts } from './toasts';

type Fields = { category: string; nickname: string; content: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

const empty: Fields = { category: '', nickname: '', content: '' };

/** The same rules the server applies, so most mistakes are shown before anything is sent. */
function check(fields: Fields, collegeCode: string): FieldErrors {
  const parsed = confessionSubmissionSchema.safeParse({ ...fields, collegeCode });
  const errors: FieldErrors = {};
  for (const issue of parsed.error?.issues ?? []) errors[issue.path[0] as keyof Fields] ??= issue.message;
  return errors;
}

const errorStyles = 'mt-1 text-sm text-red-700 dark:text-red-300';
const fieldOrder = ['category', 'nickname', 'content'] as const;

/** The expanded submission form; loaded when first opened, since it brings the shared validation rules. */
export default function ExpandedForm({ collegeCode, onClose }: { collegeCode: string; onClose: () => void }) {
  const [fields, setFields] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submit, { isLoading }] = useSubmitConfessionMutation();
  const notify = useNotify();
  const id = useId();
  // Editing a field takes its error away; the next submit checks again.
  const set = (name: keyof Fields) => (value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _fixed, ...others }) => others);
  };
  const appendEmoji = (emoji: string) => setFields((current) => ({ ...current, content: current.content + emoji }));
  // Counted as the server counts it: characters of the trimmed text, an emoji as one.
  const contentLength = textLength(fields.content.trim());

  // A refused submission takes focus to the first field it names, in the form's order.
  const refuse = (found: FieldErrors) => {
    setErrors(found);
    const first = fieldOrder.find((name) => found[name]);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check(fields, collegeCode);
    if (Object.keys(found).length > 0) return refuse(found);
    setErrors({});
    const result = await submit({
      content: fields.content,
      category: fields.category as (typeof categories)[number],
      nickname: fields.nickname.trim() || undefined,
      collegeCode,
    });
    if (!result.error) {
      notify(toasts.confessionSubmitted);
      onClose();
      return;
    }
    const error = result.error as ApiError;
    if (error.status === 429) notify(toasts.dailyLimitReached);
    else if (error.status === 400 && error.fields) refuse(error.fields);
    else notify(toasts.confessionFailed);
  };

  return (
    <Card className="p-6">
      <h2 className="mb-4 flex items-center gap-2 text-xl font-bold">
        <Sparkles className="size-5 text-purple-600 dark:text-purple-400" aria-hidden /> Share Your Confession
      </h2>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-category`} className="mb-1 block text-sm font-semibold">
              Category
            </label>
            <select
              id={`${id}-category`}
              autoFocus
              value={fields.category}
              onChange={(event) => set('category')(event.target.value)}
              aria-invalid={Boolean(errors.category)}
              aria-describedby={errors.category ? `${id}-category-error` : undefined}
              className={inputStyles}
            >
              <option value="">Select a category</option>
              {categories.map((category) => (
                <option key={category} value={category}>
                  {categoryStyles[category].emoji} {categoryStyles[category].label}
                </option>
              ))}
            </select>
            {errors.category && (
              <p id={`${id}-category-error`} className={errorStyles}>
                {errors.category}
              </p>
            )}
          </div>
          <div>
            <label htmlFor={`${id}-nickname`} className="mb-1 block text-sm font-semibold">
              Nickname (optional)
            </label>
            <input
              id={`${id}-nickname`}
              value={fields.nickname}
              onChange={(event) => set('nickname')(event.target.value)}
              placeholder="Anonymous"
              autoComplete="off"
              aria-invalid={Boolean(errors.nickname)}
              aria-describedby={errors.nickname ? `${id}-nickname-error` : undefined}
              className={inputStyles}
            />
            {errors.nickname && (
              <p id={`${id}-nickname-error`} className={errorStyles}>
                {errors.nickname}
              </p>
            )}
          </div>
        </div>
        <div>
          <label htmlFor={`${id}-content`} className="sr-only">
            Your confession
          </label>
          <textarea
            id={`${id}-content`}
            rows={4}
            value={fields.content}
            onChange={(event) => set('content')(event.target.value)}
            placeholder="What's on your mind? Share anonymously..."
            aria-invalid={Boolean(errors.content)}
            aria-describedby={`${id}-count${errors.content ? ` ${id}-content-error` : ''}`}
            className={`${inputStyles} resize-y`}
          />
          <div className="mt-1 flex items-start justify-between gap-4">
            <div className="flex items-center gap-2">
              <EmojiPickerButton onPick={appendEmoji} />
              {errors.content && (
                <p id={`${id}-content-error`} className={errorStyles}>
                  {errors.content}
                </p>
              )}
            </div>
            <p
              id={`${id}-count`}
              className={`shrink-0 text-sm ${contentLength > limits.confession.max ? 'font-semibold text-red-700 dark:text-red-300' : 'text-gray-600 dark:text-gray-400'}`}
            >
              {contentLength}/{limits.confession.max}
            </p>
          </div>
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={`${buttonStyles.base} ${buttonStyles.outline}`}>
            Cancel
          </button>
          <button type="submit" disabled={isLoading} className={`${buttonStyles.base} ${buttonStyles.primary}`}>
            <Send className="size-4" aria-hidden /> {isLoading ? 'Submitting...' : 'Submit Confession'}
          </button>
        </div>
      </form>
    </Card>
  );
}
