/** An id shown by its first 8 characters, the full id in the tooltip (docs/product.md, Screens). */
export function ShortId({ id }: { id: string }) {
  return (
    <span title={id} className="font-mono text-xs text-gray-700 dark:text-gray-300">
      {shortId(id)}
    </span>
  );
}

export const shortId = (id: string) => id.slice(0, 8);
