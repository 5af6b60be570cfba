import * as Toast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useAppSelector } from '../../app/hooks';
import { notificationDurationMs } from './notifications-slice';
import { useDismiss } from './use-notify';

/** Renders the notification queue: swipe right past 50 px to dismiss, F8 to focus. */
export default function Toaster() {
  const items = useAppSelector((state) => state.notifications.items);
  const dismiss = useDismiss();
  return (
    <Toast.Provider swipeDirection="right" swipeThreshold={50} duration={notificationDurationMs} label="Notification">
      {items.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismiss(item.id)}
          className={`group pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-10 shadow-xl transition data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=closed]:opacity-0 ${
            item.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-purple-200 bg-white text-gray-900 dark:border-purple-900 dark:bg-gray-800 dark:text-gray-100'
          }`}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
            {item.description && (
              <Toast.Description className="text-sm opacity-90">{item.description}</Toast.Description>
            )}
          </div>
          <Toast.Close
            aria-label="Close"
            className="absolute top-3 right-3 rounded-md p-1 opacity-80 hover:opacity-100"
          >
            <X className="size-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed right-0 bottom-0 z-[100] flex w-full flex-col gap-2 p-4 outline-none sm:max-w-sm" />
    </Toast.Provider>
  );
}
