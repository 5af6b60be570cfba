import { LogOut } from 'lucide-react';
import { buttonStyles } from '../../components/ui/styles';
import { useNotify } from '../../components/notifications/use-notify';
import { useLogoutMutation } from './api';

export function LogoutButton({ message }: { message: string }) {
  const [logout] = useLogoutMutation();
  const notify = useNotify();
  return (
    <button
      type="button"
      className={`${buttonStyles.base} ${buttonStyles.outline} py-2`}
      onClick={async () => {
        await logout().catch(() => undefined);
        notify({ title: message });
      }}
    >
      <LogOut className="size-4" aria-hidden /> Logout
    </button>
  );
}
