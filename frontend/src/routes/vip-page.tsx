import { Crown } from 'lucide-react';
import { Card } from '../components/ui/card';
import { usePageTitle } from '../lib/use-page-title';

export default function VipPage() {
  usePageTitle('VIP');
  return (
    <Card className="mx-auto max-w-xl p-10 text-center">
      <span className="mx-auto mb-6 grid size-16 place-items-center rounded-3xl bg-gradient-to-br from-amber-400 to-orange-600 text-white">
        <Crown className="size-8" aria-hidden />
      </span>
      <h1 className="text-gradient text-4xl font-extrabold">Exclusive VIP Access</h1>
      <p className="mt-4 text-2xl font-semibold text-gray-800 dark:text-gray-100">Coming Soon</p>
    </Card>
  );
}
