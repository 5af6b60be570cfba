import { styleOfCategory } from '../../lib/categories';

export function CategoryBadge({ category }: { category: string }) {
  const { badge, icon: Icon, label } = styleOfCategory(category);
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full bg-gradient-to-r ${badge} px-3 py-1 text-sm font-semibold text-white`}
    >
      <Icon className="size-3.5" aria-hidden /> {label}
    </span>
  );
}
