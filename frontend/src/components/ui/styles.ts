/** Class sets shared by buttons and links that look like buttons. */
export const buttonStyles = {
  base: 'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition disabled:cursor-not-allowed disabled:opacity-60',
  primary: 'bg-brand px-6 py-3 text-white shadow-lg shadow-pink-500/20 hover:brightness-110',
  outline:
    'border-2 border-purple-600 px-6 py-3 text-purple-700 hover:bg-purple-50 dark:border-purple-400 dark:text-purple-300 dark:hover:bg-purple-950/40',
  subtle:
    'px-4 py-2 text-sm text-gray-700 hover:bg-purple-100 hover:text-purple-800 dark:text-gray-200 dark:hover:bg-purple-900/40 dark:hover:text-purple-200',
} as const;

export const cardStyles =
  'rounded-3xl border border-white/60 bg-white/80 shadow-xl shadow-purple-900/5 dark:border-gray-700/70 dark:bg-gray-800/80 dark:shadow-black/20';

export const inputStyles =
  'w-full rounded-xl border border-gray-300 bg-gray-50 px-4 py-3 text-gray-900 placeholder:text-gray-500 focus:border-purple-500 dark:border-gray-600 dark:bg-gray-900/60 dark:text-gray-100 dark:placeholder:text-gray-400';

/** Small buttons inside table rows and card headers, by what they do. */
export const actionButtonStyles = {
  base: 'inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold whitespace-nowrap transition disabled:cursor-not-allowed disabled:opacity-50',
  approve:
    'bg-emerald-100 text-emerald-900 hover:bg-emerald-200 dark:bg-emerald-900/50 dark:text-emerald-100 dark:hover:bg-emerald-900',
  reject:
    'bg-amber-100 text-amber-900 hover:bg-amber-200 dark:bg-amber-900/50 dark:text-amber-100 dark:hover:bg-amber-900',
  danger: 'bg-red-100 text-red-900 hover:bg-red-200 dark:bg-red-900/50 dark:text-red-100 dark:hover:bg-red-900',
  neutral:
    'bg-gray-100 text-gray-800 hover:bg-purple-100 hover:text-purple-900 dark:bg-gray-700 dark:text-gray-100 dark:hover:bg-purple-900/50',
} as const;

export type ActionTone = Exclude<keyof typeof actionButtonStyles, 'base'>;

/** A pressed/unpressed pair of buttons (for example Pending Only / All Confessions). */
export const segmentStyles =
  'rounded-full px-3 py-2 text-sm font-semibold whitespace-nowrap text-gray-700 sm:px-4 transition aria-pressed:bg-brand aria-pressed:text-white dark:text-gray-200';
