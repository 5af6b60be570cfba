import { Menu, X } from 'lucide-react';
import { type ComponentProps, forwardRef } from 'react';

/** The small-screen menu's trigger; also shown, inert, while the menu's code loads. */
export const MenuButton = forwardRef<HTMLButtonElement, ComponentProps<'button'>>(function MenuButton(props, ref) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label="Menu"
      className="group grid size-10 place-items-center rounded-full text-gray-700 hover:bg-purple-100 md:hidden dark:text-gray-200 dark:hover:bg-purple-900/40"
      {...props}
    >
      <Menu className="size-5 group-data-[state=open]:hidden" aria-hidden />
      <X className="hidden size-5 group-data-[state=open]:block" aria-hidden />
    </button>
  );
});
