import { useDailyLimit } from '../features/daily-limit/api';
import { CallToAction, FloatingShareButton, Footer } from '../features/landing/closing';
import { FeatureCards } from '../features/landing/feature-cards';
import { Hero } from '../features/landing/hero';
import { AdPlaceholder } from '../components/ui/ad-placeholder';
import { FeaturedConfession, InertFilter, StoryCards } from '../features/landing/stories';
import { StatsStrip } from '../features/stats/stats-strip';

export default function LandingPage() {
  const { limit } = useDailyLimit();
  return (
    <>
      <Hero remaining={limit?.remaining ?? null} />
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
