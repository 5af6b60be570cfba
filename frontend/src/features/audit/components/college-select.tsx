import type { College } from '@secretchatbox/contracts';
import { Field } from '../../../components/ui/field';
import { inputStyles } from '../../../components/ui/styles';

type Props = {
  colleges: readonly College[];
  value: string;
  onChange: (code: string) => void;
  /** The label of the empty choice ("All colleges"); none when one college must be chosen. */
  everyCollege?: string;
};

/** The College field of the audit tools' forms. */
export function CollegeSelect({ colleges, value, onChange, everyCollege }: Props) {
  return (
    <Field label="College">
      {(id) => (
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={`${inputStyles} py-2`}
        >
          {everyCollege && <option value="">{everyCollege}</option>}
          {colleges.map((college) => (
            <option key={college.code} value={college.code}>
              {college.name} ({college.code})
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
