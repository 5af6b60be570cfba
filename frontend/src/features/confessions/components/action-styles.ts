/** The round buttons under a confession (like, comments, share). */
export const actionStyles =
  'inline-flex items-center gap-2 rounded-full bg-gray-100 px-4 py-2 text-sm font-semibold text-gray-700 transition hover:bg-purple-100 hover:text-purple-800 disabled:opacity-60 aria-pressed:bg-purple-100 aria-pressed:text-purple-800 dark:bg-gray-700 dark:text-gray-200 dark:hover:bg-purple-900/50 dark:aria-pressed:bg-purple-900/60 dark:aria-pressed:text-purple-200';
