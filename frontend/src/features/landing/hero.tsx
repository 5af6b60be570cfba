import { limits } from '@secretchatbox/contracts';
import { ArrowRight, BookOpen } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button-link';

/**
 * `remaining` is null until the daily-limit call answers: a placeholder of the figure's size shows
 * meanwhile, and the fallback 5 only once the call has failed (docs/product.md, Screens).
 */
export function Hero({ remaining, failed }: { remaining: number | null; failed: boolean }) {
  return (
    <section className="py-10 text-center sm:py-16">
      <p className="mx-auto mb-6 inline-flex items-center gap-2 rounded-full bg-white/80 px-4 py-2 text-sm font-medium text-purple-800 shadow-sm dark:bg-gray-800/80 dark:text-purple-200">
        <span aria-hidden>📝</span>
        {remaining === null && !failed ? (
          <span
            data-testid="hero-remaining"
            aria-busy="true"
            className="inline-block h-4 w-3 animate-pulse rounded bg-purple-200 dark:bg-purple-800"
          />
        ) : (
          <span data-testid="hero-remaining">{remaining ?? limits.dailyConfessions}</span>
        )}{' '}
        confessions remaining today
      </p>
      <h1 className="text-[2.6rem] leading-tight font-extrabold tracking-tight sm:text-7xl">
        <span className="text-gradient">Share Your Story</span>
        <br />
        <span className="text-gray-900 dark:text-white">Anonymously</span>
      </h1>
      <p className="mx-auto mt-6 max-w-2xl text-lg text-gray-700 sm:text-xl dark:text-gray-300">
        A safe space for college students to share confessions, stories, and connect with peers without judgment
      </p>
      <div className="mt-10 flex flex-col items-center justify-center gap-4 sm:flex-row">
        <ButtonLink to="/chat" className="w-full sm:w-auto">
          Start Sharing <ArrowRight className="size-5" aria-hidden />
        </ButtonLink>
        <ButtonLink to="/chat" variant="outline" className="w-full sm:w-auto">
          <BookOpen className="size-5" aria-hidden /> Learn More
        </ButtonLink>
      </div>
    </section>
  );
}
