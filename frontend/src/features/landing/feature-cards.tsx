import type { Allowance } from '@secretchatbox/contracts';
import { limits } from '@secretchatbox/contracts';
import { CalendarClock, EyeOff, MailCheck, MessagesSquare, ShieldCheck, Tags } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card';

/** The fallback when the daily-limit call fails: 3 remaining and 2 used (docs/product.md, Screens). */
export const fallbackAllowance = { remaining: 3, used: 2 };

function Feature({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="p-6">
      <span className="bg-brand mb-4 grid size-12 place-items-center rounded-2xl text-white">{icon}</span>
      <h3 className="mb-2 text-lg font-bold">{title}</h3>
      <div className="text-gray-700 dark:text-gray-300">{children}</div>
    </Card>
  );
}

function DailyLimitMeter({ allowance }: { allowance: Pick<Allowance, 'remaining' | 'used'> }) {
  const percent = Math.min(100, Math.round((allowance.used / limits.dailyConfessions) * 100));
  return (
    <div className="mt-3 space-y-2">
      <p className="flex justify-between text-sm">
        <span>
          <strong data-testid="limit-remaining">{allowance.remaining}</strong> remaining
        </span>
        <span>
          <strong data-testid="limit-used">{allowance.used}</strong> used
        </span>
      </p>
      <div
        role="progressbar"
        aria-label="Confessions used today"
        aria-valuemin={0}
        aria-valuemax={limits.dailyConfessions}
        aria-valuenow={allowance.used}
        className="h-2 overflow-hidden rounded-full bg-purple-100 dark:bg-gray-700"
      >
        <div className="bg-brand h-full rounded-full" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

export function FeatureCards({ allowance }: { allowance: Pick<Allowance, 'remaining' | 'used'> | null }) {
  return (
    <section aria-labelledby="features-title" className="py-12">
      <h2 id="features-title" className="mb-8 text-center text-3xl font-bold">
        Everything you need to speak freely
      </h2>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        <Feature icon={<EyeOff className="size-6" aria-hidden />} title="Anonymous Confessions">
          Share what is on your mind without an account, a name or an email. Nobody can link your posts to you.
        </Feature>
        <Feature icon={<MessagesSquare className="size-6" aria-hidden />} title="Real-time Chat">
          Chat live with students of your college in open rooms, or get paired with a random classmate.
        </Feature>
        <Feature icon={<CalendarClock className="size-6" aria-hidden />} title="Daily Limits">
          Five confessions a day keep the board thoughtful.
          <DailyLimitMeter allowance={allowance ?? fallbackAllowance} />
        </Feature>
        <Feature icon={<ShieldCheck className="size-6" aria-hidden />} title="24/7 Moderation">
          Moderators review every confession, comment and message before it shows, day and night.
        </Feature>
        <Feature icon={<Tags className="size-6" aria-hidden />} title="Categories">
          Crush, funny, secrets, rants, advice and academic: find the stories you care about.
        </Feature>
        <Feature icon={<MailCheck className="size-6" aria-hidden />} title="Admin-approved DMs">
          Direct messages reach their recipient only after a moderator approves them.
        </Feature>
      </div>
    </section>
  );
}
