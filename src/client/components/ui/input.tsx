import type { ComponentProps } from 'react';
import { useKeepTypedValue } from '@/lib/keep-typed-value';
import { cn } from '@/lib/utils';

export type InputProps = Omit<ComponentProps<'input'>, 'ref'> & {
  /** The new value as typed; also what was typed before hydration (see useKeepTypedValue). */
  onValueChange?: (value: string) => void;
};

/** A one-line text box (not for files: the pickers style their own hidden file inputs). */
export function Input({ className, onChange, onValueChange, ...props }: InputProps) {
  const keepTyped = useKeepTypedValue(props.value, onValueChange);
  return (
    <input
      ref={keepTyped}
      data-slot="input"
      className={cn(
        'flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs transition-[color,box-shadow,border-color] outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 md:text-sm dark:bg-input/20',
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
