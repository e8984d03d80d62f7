import type { ComponentProps } from 'react';
import { useKeepTypedValue } from '@/lib/keep-typed-value';
import { cn } from '@/lib/utils';

/** A multi-line text box styled like Input (both themes, focus ring, invalid state). */
export function Textarea({
  className,
  onChange,
  onValueChange,
  ...props
}: Omit<ComponentProps<'textarea'>, 'ref'> & { onValueChange?: (value: string) => void }) {
  const keepTyped = useKeepTypedValue(props.value, onValueChange);
  return (
    <textarea
      ref={keepTyped}
      data-slot="textarea"
      className={cn(
        'flex min-h-20 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs transition-[color,box-shadow,border-color] outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 md:text-sm dark:bg-input/20',
        'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40',
        'aria-invalid:border-destructive aria-invalid:ring-destructive/25',
        className,
      )}
      onChange={(event) => {
        onChange?.(event);
        onValueChange?.(event.target.value);
      }}
      {...props}
    />
  );
}
