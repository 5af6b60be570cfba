import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, useRef } from 'react';

type DialogProps = {
  /** `left`: a drawer along the left edge, as the chat's room list on phones; `right`: a side panel. */
  placement?: 'center' | 'left' | 'right';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
};

/** A modal dialog in the app's card look: focus is trapped inside and Escape or the close button dismisses it. */
const placements = {
  center:
    'top-1/2 left-1/2 max-h-[90vh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-3xl border border-gray-200 dark:border-gray-700',
  left: 'inset-y-0 left-0 w-72 max-w-[85vw]',
  right: 'inset-y-0 right-0 w-[34rem] max-w-[92vw]',
} as const;

export function Dialog({ placement = 'center', open, onOpenChange, title, description, children }: DialogProps) {
  // Radix gives focus back to a Dialog.Trigger only; these dialogs open from any control, so the
  // control that had focus as the dialog opened gets it back, if it is still on the page.
  const opener = useRef<Element | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-gray-950/60" />
        <RadixDialog.Content
          className={`fixed z-50 overflow-y-auto bg-white p-6 shadow-2xl dark:bg-gray-800 ${placements[placement]}`}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement;
          }}
          onCloseAutoFocus={(event) => {
            const back = opener.current;
            if (back instanceof HTMLElement && back.isConnected) {
              event.preventDefault();
              back.focus();
            }
          }}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-xl font-bold">{title}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close"
              className="rounded-full p-1.5 text-gray-600 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-700"
            >
              <X className="size-5" aria-hidden />
            </RadixDialog.Close>
          </div>
          {description && (
            <RadixDialog.Description className="mb-4 text-gray-700 dark:text-gray-300">
              {description}
            </RadixDialog.Description>
          )}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
