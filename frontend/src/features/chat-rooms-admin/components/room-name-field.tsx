import { limits } from '@secretchatbox/contracts';
import { Field } from '../../../components/ui/field';
import { inputStyles } from '../../../components/ui/styles';

type Props = { label: string; value: string; onChange: (value: string) => void; placeholder?: string };

/** A room's name, at most as long as the server accepts. */
export function RoomNameField({ label, value, onChange, placeholder }: Props) {
  return (
    <Field label={label}>
      {(id) => (
        <input
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          maxLength={limits.roomName.max}
          placeholder={placeholder}
          className={inputStyles}
        />
      )}
    </Field>
  );
}
