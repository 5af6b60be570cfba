import { Crown } from 'lucide-react';
import { useNavigate } from 'react-router';
import { LoginForm } from '../features/admin-auth/login-form';
import { usePageTitle } from '../lib/use-page-title';

export default function ChiefLoginPage() {
  usePageTitle('Chief Login');
  const navigate = useNavigate();
  return (
    <LoginForm
      title="Chief Login"
      icon={<Crown className="size-6" aria-hidden />}
      withCollege={false}
      failure={{ title: 'Invalid username or password' }}
      // Auditors sign in here too (docs/product.md, Admin accounts) and land on their own dashboard.
      onSignedIn={(user) => navigate(user.role === 'chief' ? '/chief-dashboard' : '/auditor-dashboard')}
    />
  );
}
