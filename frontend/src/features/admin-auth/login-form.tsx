import type { AuthUser, LoginRequest } from '@secretchatbox/contracts';
import { LogIn } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { Card } from '../../components/ui/card';
import { buttonStyles, inputStyles } from '../../components/ui/styles';
import { useNotify } from '../../components/notifications/use-notify';
import { useLoginMutation } from './api';
import { PasswordField } from '../../components/ui/password-field';
import { usePageTitle } from '../../lib/use-page-title';

type Props = {
  title: string;
  icon: ReactNode;
  /** Admins of a college also name it; the chief signs in without one. */
  withCollege: boolean;
  failure: { title: string; description?: string };
  onSignedIn: (user: AuthUser) => void;
};

/** The sign-in card of /admin and /chief-login; both post to the server, which alone checks credentials. */
export function LoginForm({ title, icon, withCollege, failure, onSignedIn }: Props) {
  usePageTitle(title);
  const [login, { isLoading }] = useLoginMutation();
  const notify = useNotify();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input: LoginRequest = { username: String(form.get('username')), password: String(form.get('password')) };
    if (withCollege) input.college_id = String(form.get('college_id'));
    try {
      const { user } = await login(input).unwrap();
      onSignedIn(user);
    } catch {
      notify({ ...failure, variant: 'destructive' });
    }
  }

  return (
    <Card className="mx-auto max-w-md p-8">
      <div className="mb-6 flex items-center gap-3">
        <span className="bg-brand grid size-12 place-items-center rounded-2xl text-white">{icon}</span>
        <h1 className="text-2xl font-bold">{title}</h1>
      </div>
      <form onSubmit={submit} className="space-y-4">
        <div>
          <label htmlFor="username" className="mb-2 block text-sm font-medium">
            Username
          </label>
          <input id="username" name="username" autoComplete="username" required className={inputStyles} />
        </div>
        <div>
          <label htmlFor="password" className="mb-2 block text-sm font-medium">
            Password
          </label>
          <PasswordField id="password" />
        </div>
        {withCollege && (
          <div>
            <label htmlFor="college_id" className="mb-2 block text-sm font-medium">
              College ID
            </label>
            <input id="college_id" name="college_id" required placeholder="C001" className={inputStyles} />
          </div>
        )}
        <button type="submit" disabled={isLoading} className={`${buttonStyles.base} ${buttonStyles.primary} w-full`}>
          <LogIn className="size-5" aria-hidden /> {isLoading ? 'Logging in...' : 'Login'}
        </button>
      </form>
    </Card>
  );
}
