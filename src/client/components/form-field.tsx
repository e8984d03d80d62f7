import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * A label above its control (and any help text after it). With `error`, the message follows as an
 * alert with the id `${id}-error`, for the control's aria-describedby.
 */
export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | null | undefined;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** The labelled email input both auth forms start with. */
export function EmailField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  return (
    <FormField id={id} label={t`Email`}>
      <Input
        id={id}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={value}
        onValueChange={(value) => onChange(value)}
        placeholder={t`you@example.com`}
      />
    </FormField>
  );
}
