import { ArrowRight, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button-link';

export function CallToAction() {
  return (
    <section className="bg-brand my-12 rounded-3xl px-6 py-12 text-center text-white shadow-xl">
      <h2 className="text-3xl font-bold">Ready to share your story?</h2>
      <p className="mx-auto mt-3 max-w-xl text-white/90">
        Join students from your campus. Safe, anonymous and moderated.
      </p>
      <ButtonLink
        to="/chat"
        variant="outline"
        className="mt-8 border-white bg-white text-purple-800 hover:bg-purple-50 dark:border-white dark:text-purple-800 dark:hover:bg-purple-50"
      >
        Get Started <ArrowRight className="size-5" aria-hidden />
      </ButtonLink>
    </section>
  );
}

const footerLinks = ['About', 'Privacy Policy', 'Terms of Service', 'Community Guidelines', 'Contact'];

export function Footer() {
  return (
    <footer className="mt-12 border-t border-purple-100 pt-8 pb-24 text-sm sm:pb-8 text-gray-600 dark:border-gray-800 dark:text-gray-400">
      <nav aria-label="Footer">
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2">
          {footerLinks.map((label) => (
            <li key={label}>
              <a href="#main" className="hover:text-purple-700 dark:hover:text-purple-300">
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-4 text-center">© {new Date().getFullYear()} SecretChatBox · Anonymous campus confessions</p>
    </footer>
  );
}

export function FloatingShareButton() {
  return (
    <Link
      to="/chat"
      aria-label="Share a confession"
      className="bg-brand fixed right-4 bottom-4 z-30 sm:right-6 sm:bottom-6 grid size-14 place-items-center rounded-full text-white shadow-xl shadow-pink-500/30 transition hover:scale-105"
    >
      <Plus className="size-7" aria-hidden />
    </Link>
  );
}
