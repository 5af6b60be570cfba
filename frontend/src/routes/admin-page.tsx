import { Shield } from 'lucide-react';
import { Spinner } from '../components/ui/spinner';
import { useMeQuery } from '../features/admin-auth/api';
import { LoginForm } from '../features/admin-auth/login-form';
import { useNotify } from '../features/notifications/use-notify';
import { AdminPanelFrame, ChiefDashboardFrame, CollegeDashboardFrame } from './dashboard-frames';

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
        failure={{ title: 'Login failed', description: 'Invalid username, password, or college code.' }}
        onSignedIn={() => notify({ title: 'Welcome to the admin panel' })}
      />
    );
  }
  if (user.role === 'chief') return <ChiefDashboardFrame user={user} />;
  if (user.role === 'college') return <CollegeDashboardFrame user={user} />;
  return <AdminPanelFrame user={user} />;
}
