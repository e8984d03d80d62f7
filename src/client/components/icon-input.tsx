import type { ReactNode } from 'react';
import type { LucideIcon } from '@/components/icons';
import { Input, type InputProps } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/**
 * A text box with an icon at its start and a label read only by screen readers (the search boxes).
 * `large` is the hero's taller variant. `className` styles the input, `containerClassName` its wrapper.
 */
export function IconInput({
  id,
  icon: Icon,
  label,
  large = false,
  className,
  containerClassName,
  ...props
}: Omit<InputProps, 'id'> & {
  id: string;
  icon: LucideIcon;
  label: ReactNode;
  large?: boolean;
  containerClassName?: string;
}) {
  return (
    <div className={cn('relative flex items-center', containerClassName)}>
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <Icon
        className={cn('pointer-events-none absolute left-3', large ? 'size-5' : 'size-4', 'text-muted-foreground')}
        aria-hidden="true"
      />
      <Input id={id} className={cn(large ? 'pl-10' : 'pl-9', className)} {...props} />
    </div>
  );
}
