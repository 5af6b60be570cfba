import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { inputStyles } from './styles';

type Props = {
  id: string;
  name?: string;
  autoComplete?: 'current-password' | 'new-password';
  /** Controlled use; without these the form reads the field by its name. */
  value?: string;
  onChange?: (value: string) => void;
};

/** A password input with a show/hide toggle. */
export function PasswordField({ id, name = 'password', autoComplete = 'current-password', value, onChange }: Props) {
  const [shown, setShown] = useState(false);
  return (
    <div className="relative">
      <input
        id={id}
        name={name}
        type={shown ? 'text' : 'password'}
        autoComplete={autoComplete}
        value={value}
        onChange={onChange && ((event) => onChange(event.target.value))}
        required
        className={`${inputStyles} pr-12`}
      />
      <button
        type="button"
        onClick={() => setShown((current) => !current)}
        aria-label={shown ? 'Hide password' : 'Show password'}
        aria-pressed={shown}
        className="absolute top-1/2 right-3 -translate-y-1/2 rounded-lg p-1 text-gray-600 hover:text-purple-700 dark:text-gray-300"
      >
        {shown ? <EyeOff className="size-5" aria-hidden /> : <Eye className="size-5" aria-hidden />}
      </button>
    </div>
  );
}
