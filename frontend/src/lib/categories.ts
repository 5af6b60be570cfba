import type { Category } from '@secretchatbox/contracts';

/** How each category looks: label with its emoji, and its badge gradient. */
export const categoryStyles: Record<Category, { label: string; emoji: string; badge: string }> = {
  crush: { label: 'Crush', emoji: '💘', badge: 'from-pink-600 to-rose-600' },
  funny: { label: 'Funny', emoji: '😂', badge: 'from-amber-600 to-orange-600' },
  secrets: { label: 'Secrets', emoji: '🤫', badge: 'from-purple-600 to-indigo-600' },
  rants: { label: 'Rants', emoji: '😤', badge: 'from-red-600 to-rose-700' },
  advice: { label: 'Advice', emoji: '💡', badge: 'from-emerald-600 to-teal-700' },
  academic: { label: 'Academic', emoji: '📚', badge: 'from-sky-600 to-blue-700' },
};

export const allCategoriesFilter = { label: 'All', emoji: '✨' };
