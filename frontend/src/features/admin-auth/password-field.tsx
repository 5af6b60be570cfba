import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { inputStyles } from '../../components/ui/styles';

export function PasswordField({ id, name = 'password' }: { id: string; name?: string }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="relative">
      <input
        id={id}
        name={name}
        type={shown ? 'text' : 'password'}
        autoComplete="current-password"
        required
        className={`${inputStyles} pr-12`}
      />
      <button
        type="button"
        onClick={() => setShown((value) => !value)}
        aria-label={shown ? 'Hide password' : 'Show password'}
        aria-pressed={shown}
        className="absolute top-1/2 right-3 -translate-y-1/2 rounded-lg p-1 text-gray-600 hover:text-purple-700 dark:text-gray-300"
      >
        {shown ? <EyeOff className="size-5" aria-hidden /> : <Eye className="size-5" aria-hidden />}
      </button>
    </div>
  );
}
