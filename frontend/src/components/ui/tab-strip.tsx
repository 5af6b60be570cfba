import * as Tabs from '@radix-ui/react-tabs';
import type { LucideIcon } from 'lucide-react';

export type TabItem = Readonly<{ value: string; label: string; icon: LucideIcon }>;

/**
 * A strip of tabs (Radix Tabs.List) with an icon each. On a phone the tabs sit two to a row, so
 * every tab stays in reach without scrolling; wider, they wrap onto more rows when they must.
 */
export function TabStrip({ label, tabs }: { label: string; tabs: readonly TabItem[] }) {
  return (
    <Tabs.List
      aria-label={label}
      className="grid grid-cols-2 gap-1 rounded-3xl bg-white/80 p-1.5 shadow-sm sm:flex sm:flex-wrap sm:gap-1.5 dark:bg-gray-800/80"
    >
      {tabs.map(({ value, label: text, icon: Icon }) => (
        <Tabs.Trigger
          key={value}
          value={value}
          className="flex items-center gap-2 rounded-full px-3 py-2.5 text-left text-[13px] leading-tight font-semibold text-gray-700 sm:justify-center sm:px-4 sm:text-sm sm:whitespace-nowrap transition data-[state=active]:bg-brand data-[state=active]:text-white dark:text-gray-200"
        >
          <Icon className="size-4 shrink-0" aria-hidden /> {text}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}
