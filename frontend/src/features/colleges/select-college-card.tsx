import type { College } from '@secretchatbox/contracts';
import { GraduationCap } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { buttonStyles, inputStyles } from '../../components/ui/styles';
import { useGetCollegesQuery } from './api';
import { CollegeOptions } from './college-options';

/** Keys that move a closed select's choice without opening it: they choose, but do not commit. */
const browsingKeys = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

type Props = {
  onSelect: (college: College) => void;
  /** Shown above the picker (a shared link that leads nowhere). */
  notice?: ReactNode;
  /** Offered when a college is already chosen: keep it. */
  onCancel?: () => void;
};

/**
 * The board's college picker. A pointer's choice commits at once; the keyboard browses with the
 * arrow keys and commits with Enter, so the first arrow key never opens a college's board.
 */
export function SelectCollegeCard({ onSelect, notice, onCancel }: Props) {
  const { data: colleges, isLoading, isError } = useGetCollegesQuery();
  const browsing = useRef(false);
  const commit = (code: string) => {
    const college = colleges?.find((candidate) => candidate.code === code);
    if (college) onSelect(college);
  };
  return (
    <Card className="mx-auto max-w-lg space-y-4 p-6 sm:p-8">
      <div className="flex items-center gap-3">
        <span className="bg-brand grid size-12 place-items-center rounded-2xl text-white">
          <GraduationCap className="size-6" aria-hidden />
        </span>
        <h1 className="text-2xl font-bold">Select Your College</h1>
      </div>
      {notice}
      {isLoading && <Spinner label="Loading colleges" />}
      {isError && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-800 dark:bg-red-950/50 dark:text-red-200">
          Failed to fetch colleges
        </p>
      )}
      {colleges && (
        <div>
          <label htmlFor="college" className="mb-2 block text-sm font-medium text-gray-700 dark:text-gray-200">
            College
          </label>
          <select
            id="college"
            defaultValue=""
            className={inputStyles}
            onKeyDown={(event) => {
              browsing.current = browsingKeys.has(event.key);
              if (event.key === 'Enter') commit(event.currentTarget.value);
            }}
            onChange={(event) => {
              if (!browsing.current) commit(event.target.value);
              browsing.current = false;
            }}
          >
            <option value="" disabled>
              Choose your college
            </option>
            <CollegeOptions colleges={colleges} />
          </select>
          <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">
            With the keyboard: choose with the arrow keys, then press Enter.
          </p>
        </div>
      )}
      {onCancel && (
        <button type="button" onClick={onCancel} className={`${buttonStyles.base} ${buttonStyles.subtle}`}>
          Keep my college
        </button>
      )}
    </Card>
  );
}
