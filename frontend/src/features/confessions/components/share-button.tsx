import { Share2 } from 'lucide-react';
import { useNotify } from '../../../components/notifications/use-notify';
import { actionStyles } from './action-styles';
import { toasts } from './toasts';

/** The link that opens this one confession on the board. */
export function confessionLink(id: string): string {
  return `${location.origin}/chat?confession=${encodeURIComponent(id)}`;
}

export function ShareButton({ confessionId }: { confessionId: string }) {
  const notify = useNotify();
  const share = async () => {
    const link = confessionLink(confessionId);
    try {
      await navigator.clipboard.writeText(link);
      notify(toasts.linkCopied);
    } catch {
      // Without clipboard access (an insecure page, a refused permission) the link is shown to copy by hand.
      notify({ title: 'Copy this link', description: link });
    }
  };
  return (
    <button type="button" onClick={share} aria-label="Share" className={actionStyles}>
      <Share2 className="size-4" aria-hidden />
      <span className="hidden sm:inline">Share</span>
    </button>
  );
}
