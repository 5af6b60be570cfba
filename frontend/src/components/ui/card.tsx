import type { ComponentProps } from 'react';
import { cardStyles } from './styles';

export function Card({ className = '', ...props }: ComponentProps<'section'>) {
  return <section className={`${cardStyles} ${className}`} {...props} />;
}
