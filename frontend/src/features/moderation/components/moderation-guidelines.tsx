import { CheckCircle2, XCircle } from 'lucide-react';
import { Card } from '../../../components/ui/card';

const groups = [
  {
    heading: 'Approve if:',
    rules: ['Appropriate for college students', 'Follows community guidelines', 'No personal information', 'Not spam'],
    Icon: CheckCircle2,
    headingStyles: 'text-emerald-800 dark:text-emerald-300',
    iconStyles: 'text-emerald-700 dark:text-emerald-400',
  },
  {
    heading: 'Reject if:',
    rules: ['Harassment or bullying', 'Explicit material', 'Personal information', 'Policy violations'],
    Icon: XCircle,
    headingStyles: 'text-red-800 dark:text-red-300',
    iconStyles: 'text-red-700 dark:text-red-400',
  },
];

/** The Admin Panel's Moderation Guidelines card (docs/product.md, Screens). */
export function ModerationGuidelines() {
  return (
    <Card className="p-6">
      <h2 className="mb-4 text-xl font-bold">Moderation Guidelines</h2>
      <div className="grid gap-6 sm:grid-cols-2">
        {groups.map(({ heading, rules, Icon, headingStyles, iconStyles }) => (
          <div key={heading}>
            <h3 className={`mb-2 font-semibold ${headingStyles}`}>{heading}</h3>
            <ul className="space-y-2">
              {rules.map((rule) => (
                <li key={rule} className="flex items-center gap-2">
                  <Icon className={`size-4 shrink-0 ${iconStyles}`} aria-hidden /> {rule}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="mt-4 text-sm text-gray-700 dark:text-gray-300">
        A nickname that names or identifies someone is personal information too: reject the post with that reason.
      </p>
    </Card>
  );
}
