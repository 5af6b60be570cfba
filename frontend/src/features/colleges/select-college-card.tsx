import type { College } from '@secretchatbox/contracts';
import { GraduationCap } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { inputStyles } from '../../components/ui/styles';
import { useGetCollegesQuery } from './api';
import { CollegeOptions } from './college-options';

export function SelectCollegeCard({ onSelect }: { onSelect: (college: College) => void }) {
  const { data: colleges, isLoading, isError } = useGetCollegesQuery();
  return (
    <Card className="mx-auto max-w-lg p-8">
      <div className="mb-6 flex items-center gap-3">
        <span className="bg-brand grid size-12 place-items-center rounded-2xl text-white">
          <GraduationCap className="size-6" aria-hidden />
        </span>
        <h1 className="text-2xl font-bold">Select Your College</h1>
      </div>
      {isLoading && <Spinner label="Loading colleges" />}
      {isError && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-800 dark:bg-red-950/50 dark:text-red-200">
          Failed to fetch colleges
        </p>
      )}
      {colleges && (
        <>
          <label htmlFor="college" className="mb-2 block text-sm font-medium text-gray-700 dark:text-gray-200">
            College
          </label>
          <select
            id="college"
            defaultValue=""
            className={inputStyles}
            onChange={(event) => {
              const college = colleges.find((candidate) => candidate.code === event.target.value);
              if (college) onSelect(college);
            }}
          >
            <option value="" disabled>
              Choose your college
            </option>
            <CollegeOptions colleges={colleges} />
          </select>
        </>
      )}
    </Card>
  );
}
