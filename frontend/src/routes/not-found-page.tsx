import { ButtonLink } from '../components/ui/button-link';
import { usePageTitle } from '../lib/use-page-title';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section className="py-16 text-center">
      <h1 className="text-gradient text-5xl font-extrabold">404 Page Not Found</h1>
      <p className="mt-4 text-gray-700 dark:text-gray-300">The page you are looking for does not exist.</p>
      <ButtonLink to="/" className="mt-8">
        Back to home
      </ButtonLink>
    </section>
  );
}
