import { useDailyLimit } from '../features/daily-limit/api';
import { CallToAction, FloatingShareButton, Footer } from '../features/landing/closing';
import { FeatureCards } from '../features/landing/feature-cards';
import { Hero } from '../features/landing/hero';
import { AdPlaceholder } from '../components/ui/ad-placeholder';
import { FeaturedConfession, InertFilter, StoryCards } from '../features/landing/stories';
import { StatsStrip } from '../features/stats/stats-strip';
import { usePageTitle } from '../lib/use-page-title';

export default function LandingPage() {
  usePageTitle(null);
  const { limit, failed } = useDailyLimit();
  return (
    <>
      <Hero remaining={limit?.remaining ?? null} failed={failed} />
      <StatsStrip />
      <FeatureCards allowance={limit} />
      <StoryCards />
      <InertFilter />
      <FeaturedConfession />
      <div className="my-8">
        <AdPlaceholder width={728} height={90} />
      </div>
      <CallToAction />
      <Footer />
      <FloatingShareButton />
    </>
  );
}
