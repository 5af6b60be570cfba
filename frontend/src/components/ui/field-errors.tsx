import type { ApiError } from '../../lib/api';

/** The per-field messages of a body the server refused (400 with `fields`), under the form's fields. */
export function FieldErrors({ error }: { error: unknown }) {
  const fields = (error as ApiError | undefined)?.fields;
  if (!fields) return null;
  return (
    <div role="alert">
      <ul className="space-y-1 text-sm text-red-700 dark:text-red-300">
        {Object.entries(fields).map(([field, message]) => (
          <li key={field}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
