/** The advertisement placeholder (docs/product.md, Screens): a dashed frame of the slot's size, with nothing loaded. */
export function AdPlaceholder({ width, height }: { width: number; height: number }) {
  return (
    <aside
      aria-label="Advertisement"
      style={{ height, maxWidth: width }}
      className="mx-auto flex w-full flex-col items-center justify-center rounded-2xl border-2 border-dashed border-purple-300 text-sm text-gray-600 dark:border-purple-800 dark:text-gray-400"
    >
      <span className="font-semibold">Ad Space</span>
      <span>
        {width} × {height}
      </span>
    </aside>
  );
}
