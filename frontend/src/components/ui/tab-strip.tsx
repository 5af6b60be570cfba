import * as Tabs from '@radix-ui/react-tabs';
import type { LucideIcon } from 'lucide-react';

export type TabItem = Readonly<{ value: string; label: string; icon: LucideIcon }>;

/** A strip of tabs (Radix Tabs.List) with an icon each; it scrolls sideways when it does not fit. */
export function TabStrip({ label, tabs }: { label: string; tabs: readonly TabItem[] }) {
  return (
    <Tabs.List
      aria-label={label}
      className="flex gap-2 overflow-x-auto rounded-full bg-white/80 p-1.5 shadow-sm dark:bg-gray-800/80"
    >
      {tabs.map(({ value, label: text, icon: Icon }) => (
        <Tabs.Trigger
          key={value}
          value={value}
          className="flex items-center justify-center gap-2 rounded-full px-4 py-2.5 text-sm font-semibold whitespace-nowrap text-gray-700 transition data-[state=active]:bg-brand data-[state=active]:text-white dark:text-gray-200"
        >
          <Icon className="size-4" aria-hidden /> {text}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}
