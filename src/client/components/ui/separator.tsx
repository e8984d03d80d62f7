import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * A line between groups, with the roles Radix's Separator gives it: `none` when decorative (the
 * default), else `separator` with its orientation. Radix's brought two chunks of its primitives to
 * pages that have no other use for them (the service page among them).
 */
export function Separator({
  className,
  orientation = 'horizontal',
  decorative = true,
  ...props
}: ComponentProps<'div'> & { orientation?: 'horizontal' | 'vertical'; decorative?: boolean }) {
  const semantics = decorative
    ? { role: 'none' }
    : { role: 'separator', 'aria-orientation': orientation === 'vertical' ? orientation : undefined };
  return (
    <div
      data-slot="separator"
      data-orientation={orientation}
      {...semantics}
      className={cn(
        'shrink-0 bg-border data-[orientation=horizontal]:h-px data-[orientation=horizontal]:w-full data-[orientation=vertical]:h-full data-[orientation=vertical]:w-px',
        className,
      )}
      {...props}
    />
  );
}
