import { Link } from 'react-router';
import { cn } from '@/lib/utils';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8', className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M16 6.5c-4.14 0-7.5 3.2-7.5 7.3 0 5.3 6.4 11 7 11.5a.75.75 0 0 0 1 0c.6-.5 7-6.2 7-11.5 0-4.1-3.36-7.3-7.5-7.3Z"
        className="fill-primary-foreground"
      />
      <circle cx="16" cy="13.8" r="3" className="fill-warm" />
    </svg>
  );
}

/** "Locora" linking home. */
export function Logo({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-xl font-bold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60',
        className,
      )}
    >
      <LogoMark />
      <span>Locora</span>
    </Link>
  );
}
