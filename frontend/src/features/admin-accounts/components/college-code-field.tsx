import { Field } from '../../../components/ui/field';
import { inputStyles } from '../../../components/ui/styles';

type Props = {
  value: string;
  onChange: (value: string) => void;
  /** Shown but not changeable (a college admin's own college). */
  readOnly?: boolean;
  /** Not applicable (chief and auditor accounts have no college). */
  disabled?: boolean;
};

export function CollegeCodeField({ value, onChange, readOnly, disabled }: Props) {
  return (
    <Field label="College Code" hint={disabled ? 'Chief and auditor accounts have no college.' : undefined}>
      {(id) => (
        <input
          id={id}
          value={disabled ? '' : value}
          onChange={(event) => onChange(event.target.value)}
          readOnly={readOnly}
          disabled={disabled}
          placeholder="C001"
          className={inputStyles}
        />
      )}
    </Field>
  );
}
