import { messages } from '@secretchatbox/contracts';
import { Shield } from 'lucide-react';
import { Spinner } from '../components/ui/spinner';
import { useMeQuery } from '../features/admin-auth/api';
import { LoginForm } from '../features/admin-auth/login-form';
import { useNotify } from '../components/notifications/use-notify';
import { AdminPanel } from './dashboards/admin-panel';
import { ChiefDashboard } from './dashboards/chief-dashboard';
import { CollegeDashboard } from './dashboards/college-dashboard';

/** /admin: the sign-in card, then the view of the signed-in admin's role. */
export default function AdminPage() {
  const { data: user, isLoading } = useMeQuery();
  const notify = useNotify();
  if (isLoading) return <Spinner label="Checking your session" />;
  if (!user) {
    return (
      <LoginForm
        title="Admin Login"
        icon={<Shield className="size-6" aria-hidden />}
        withCollege
        failure={{ title: 'Login failed', description: messages.loginFailed }}
        onSignedIn={() => notify({ title: 'Welcome to the admin panel' })}
      />
    );
  }
  // One session, one app: each role's dashboard is a view of this page, not a frame.
  if (user.role === 'chief') return <ChiefDashboard user={user} />;
  if (user.role === 'college') return <CollegeDashboard user={user} />;
  return <AdminPanel user={user} />;
}
