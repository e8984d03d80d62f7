import type { ComponentProps } from 'react';
import { LoaderCircle } from '@/components/icons';
import { cn } from '@/lib/utils';

/**
 * A spinning indicator. Standalone it is a status region named by `label`; inside a button that
 * already says what is happening pass `decorative` so it adds nothing to the button's name.
 */
export function Spinner({
  className,
  label = 'Loading',
  decorative = false,
  ...props
}: ComponentProps<'svg'> & { label?: string; decorative?: boolean }) {
  return (
    <LoaderCircle
      data-slot="spinner"
      {...(decorative ? { 'aria-hidden': true } : { role: 'status', 'aria-label': label })}
      className={cn('size-4 animate-spin', className)}
      {...props}
    />
  );
}
