import { type ReactNode, useId } from 'react';

type Props = { label: string; hint?: string; children: (id: string) => ReactNode };

/** A labelled form field: the label is tied to the control by an id the control receives. */
export function Field({ label, hint, children }: Props) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      {children(id)}
      {hint && <p className="mt-1 text-xs text-gray-600 dark:text-gray-400">{hint}</p>}
    </div>
  );
}
