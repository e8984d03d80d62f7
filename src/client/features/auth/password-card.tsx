import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { PASSWORD_MIN_LENGTH } from '@shared/domain/constants';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { CardDescription, CardHeader, CardTitle } from '@/components/ui/card-parts';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { changePassword, sessionsQueryKey } from './account-api';

export function PasswordCard({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<{ field: 'current' | 'new' | 'confirm'; message: string } | null>(null);

  const save = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      setCurrentPassword('');
      setNewPassword('');
      setConfirmPassword('');
      setProblem(null);
      void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
      toast({ title: t`Password updated`, description: t`Your other sessions have been signed out.` });
    },
    onError: (error) => {
      const message = errorMessage(error, t`Please try again later.`);
      if (/current password/i.test(message)) setProblem({ field: 'current', message });
      toast({ variant: 'destructive', title: t`Failed to change password`, description: message });
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    if (newPassword.length < PASSWORD_MIN_LENGTH) {
      setProblem({ field: 'new', message: t`Password must be at least ${PASSWORD_MIN_LENGTH} characters long.` });
      return;
    }
    if (newPassword !== confirmPassword) {
      setProblem({ field: 'confirm', message: t`The new passwords do not match.` });
      return;
    }
    setProblem(null);
    save.mutate({ currentPassword, newPassword });
  }

  const errorFor = (field: 'current' | 'new' | 'confirm') => (problem?.field === field ? problem.message : null);

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>
            <Trans>Password</Trans>
          </h2>
        </CardTitle>
        <CardDescription>
          <Trans>Changing your password signs you out everywhere else.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={handleSubmit} className="grid gap-4 sm:max-w-md" noValidate>
          {/* Lets password managers pair the new password with this account. */}
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          <FormField id="current-password" label={t`Current password`} error={errorFor('current')}>
            <Input
              id="current-password"
              name="current-password"
              type="password"
              autoComplete="current-password"
              required
              value={currentPassword}
              onValueChange={(value) => setCurrentPassword(value)}
              aria-invalid={errorFor('current') ? true : undefined}
              aria-describedby={errorFor('current') ? 'current-password-error' : undefined}
            />
          </FormField>
          <FormField id="new-password" label={t`New password`}>
            <Input
              id="new-password"
              name="new-password"
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              value={newPassword}
              onValueChange={(value) => setNewPassword(value)}
              aria-invalid={errorFor('new') ? true : undefined}
              aria-describedby="new-password-help"
            />
            <p
              id="new-password-help"
              className={errorFor('new') ? 'text-sm font-medium text-destructive' : 'text-xs text-muted-foreground'}
              role={errorFor('new') ? 'alert' : undefined}
            >
              {errorFor('new') ?? t`Must be at least ${PASSWORD_MIN_LENGTH} characters long`}
            </p>
          </FormField>
          <FormField id="confirm-password" label={t`Confirm new password`} error={errorFor('confirm')}>
            <Input
              id="confirm-password"
              name="confirm-password"
              type="password"
              autoComplete="new-password"
              required
              value={confirmPassword}
              onValueChange={(value) => setConfirmPassword(value)}
              aria-invalid={errorFor('confirm') ? true : undefined}
              aria-describedby={errorFor('confirm') ? 'confirm-password-error' : undefined}
            />
          </FormField>
          <div>
            <Button
              type="submit"
              disabled={save.isPending || !currentPassword || !newPassword || !confirmPassword}
              aria-busy={save.isPending}
            >
              {save.isPending && <Spinner decorative />}
              <Trans>Update password</Trans>
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
