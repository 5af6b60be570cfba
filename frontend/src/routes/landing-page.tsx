import { useDailyLimit } from '../features/daily-limit/api';
import { CallToAction, FloatingShareButton, Footer } from '../features/landing/closing';
import { FeatureCards } from '../features/landing/feature-cards';
import { Hero } from '../features/landing/hero';
import { AdPlaceholder, FeaturedConfession, InertFilter, StoryCards } from '../features/landing/stories';
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
      <AdPlaceholder />
      <CallToAction />
      <Footer />
      <FloatingShareButton />
    </>
  );
}
