import { inputStyles } from '../../components/ui/styles';
import { useGetCollegesQuery } from './api';
import { CollegeOptions } from './college-options';

type Props = { value: string; onChange: (code: string) => void };

/** Which college a chief or auditor is looking at, as "name (code)"; the chosen code shows even before the list loads. */
export function CollegePicker({ value, onChange }: Props) {
  const { data: colleges } = useGetCollegesQuery();
  const known = colleges?.some((college) => college.code === value);
  return (
    <label className="flex max-w-full min-w-0 items-center gap-2 text-sm font-semibold">
      College
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputStyles} w-auto min-w-0 py-2`}
      >
        {!known && <option value={value}>{value}</option>}
        {colleges && <CollegeOptions colleges={colleges} />}
      </select>
    </label>
  );
}
