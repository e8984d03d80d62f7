import type { ComponentProps } from 'react';
import { useKeepTypedValue } from '@/lib/keep-typed-value';
import { cn } from '@/lib/utils';

export type InputProps = ComponentProps<'input'> & {
  /** The new value as typed; also what was typed before hydration (see useKeepTypedValue). */
  onValueChange?: (value: string) => void;
};

export function Input({ className, type, ref, onChange, onValueChange, ...props }: InputProps) {
  const keepTyped = useKeepTypedValue(props.value, onValueChange, ref);
  return (
    <input
      ref={keepTyped}
      type={type}
      data-slot="input"
      className={cn(
        'flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs transition-[color,box-shadow,border-color] outline-none placeholder:text-muted-foreground selection:bg-primary selection:text-primary-foreground disabled:cursor-not-allowed disabled:opacity-50 md:text-sm dark:bg-input/20',
        'file:inline-flex file:h-7 file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground',
        'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40',
        'aria-invalid:border-destructive aria-invalid:ring-destructive/25',
        className,
      )}
      onChange={
        onChange || onValueChange
          ? (event) => {
              onChange?.(event);
              onValueChange?.(event.target.value);
            }
          : undefined
      }
      {...props}
    />
  );
}
