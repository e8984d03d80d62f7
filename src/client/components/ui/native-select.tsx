import type { ComponentProps } from 'react';
import { ChevronDown } from '@/components/icons';
import { useKeepTypedValue } from '@/lib/keep-typed-value';
import { cn } from '@/lib/utils';

/**
 * A native <select> styled like Input: the platform's own list (keyboard, screen readers and
 * phones handle it natively), in both themes. Wrap it with a Label (visible or sr-only).
 */
export function NativeSelect({
  className,
  wrapperClassName,
  children,
  onChange,
  onValueChange,
  ...props
}: Omit<ComponentProps<'select'>, 'ref'> & {
  wrapperClassName?: string;
  /** The option chosen; also one chosen before hydration (see useKeepTypedValue). */
  onValueChange?: (value: string) => void;
}) {
  const rendered = String(props.value);
  // Only an option the page rendered: one shown in place of an unknown value was never chosen.
  const keepTyped = useKeepTypedValue<HTMLSelectElement>(
    props.value,
    onValueChange &&
      ((chosen, select) => [...select.options].some((o) => o.value === rendered) && onValueChange(chosen)),
  );
  return (
    <div data-slot="native-select-wrapper" className={cn('relative w-full min-w-0', wrapperClassName)}>
      <select
        ref={keepTyped}
        data-slot="native-select"
        className={cn(
          'flex h-10 w-full min-w-0 cursor-pointer appearance-none truncate rounded-md border border-input bg-background py-2 pr-9 pl-3 text-base shadow-xs transition-[color,box-shadow,border-color] outline-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm dark:bg-input/20',
          'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40',
          'aria-invalid:border-destructive aria-invalid:ring-destructive/25',
          '[&>option]:bg-popover [&>option]:text-popover-foreground',
          className,
        )}
        onChange={(event) => {
          onChange?.(event);
          onValueChange?.(event.target.value);
        }}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
