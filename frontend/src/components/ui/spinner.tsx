export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex justify-center py-8">
      <span className="size-8 animate-spin rounded-full border-4 border-purple-200 border-t-purple-600" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
