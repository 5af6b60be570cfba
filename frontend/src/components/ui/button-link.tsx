import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from './styles';

type Props = { to: string; variant?: 'primary' | 'outline' | 'subtle'; className?: string; children: ReactNode };

export function ButtonLink({ to, variant = 'primary', className = '', children }: Props) {
  return (
    <Link to={to} className={`${buttonStyles.base} ${buttonStyles[variant]} ${className}`}>
      {children}
    </Link>
  );
}
