import { type Category, categories } from '@secretchatbox/contracts';
import { BookOpen, Flame, Heart, Laugh, Lightbulb, Lock, type LucideIcon, MessageSquare } from 'lucide-react';

export type CategoryStyle = { label: string; emoji: string; badge: string; icon: LucideIcon };

/** How each category looks: label with its emoji, badge gradient and icon. */
export const categoryStyles: Record<Category, CategoryStyle> = {
  crush: { label: 'Crush', emoji: '💘', badge: 'from-pink-600 to-rose-600', icon: Heart },
  funny: { label: 'Funny', emoji: '😂', badge: 'from-amber-600 to-orange-600', icon: Laugh },
  secrets: { label: 'Secrets', emoji: '🤫', badge: 'from-purple-600 to-indigo-600', icon: Lock },
  rants: { label: 'Rants', emoji: '😤', badge: 'from-red-600 to-rose-700', icon: Flame },
  advice: { label: 'Advice', emoji: '💡', badge: 'from-emerald-600 to-teal-700', icon: Lightbulb },
  academic: { label: 'Academic', emoji: '📚', badge: 'from-sky-600 to-blue-700', icon: BookOpen },
};

export const allCategoriesFilter = { label: 'All', emoji: '✨' };

const isCategory = (value: string): value is Category => (categories as readonly string[]).includes(value);

/** The style of a category; one the client does not know yet gets a neutral badge and the default icon. */
export function styleOfCategory(category: string): CategoryStyle {
  if (isCategory(category)) return categoryStyles[category];
  const label = category ? category[0]!.toUpperCase() + category.slice(1) : 'Other';
  return { label, emoji: '💬', badge: 'from-gray-600 to-slate-700', icon: MessageSquare };
}
