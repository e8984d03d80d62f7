import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert } from '@/components/icons';
import { PASSWORD_MIN_LENGTH } from '@shared/domain/constants';
import { FormField } from '@/components/form-field';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { AuthCard } from '@/features/auth/auth-card';
import { resetPassword } from '@/features/auth/email-links-api';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth-context';
import { useDocumentTitle } from '@/lib/document-title';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** The page a reset link opens: a new password twice; success signs in here and out everywhere else. */
export function ResetPasswordPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Choose a new password`);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { updateUser } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(
    token ? null : t`This password reset link is incomplete. Open the whole link from the email, or ask for a new one.`,
  );
  const [isPending, setIsPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    if (password.length < PASSWORD_MIN_LENGTH) {
      setFieldError(t`Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`);
      return;
    }
    if (password !== confirm) {
      setFieldError(t`The two passwords do not match.`);
      return;
    }
    setFieldError(null);
    setIsPending(true);
    try {
      const user = await resetPassword({ token, password });
      updateUser(user);
      void queryClient.resetQueries();
      toast({
        title: t`Password changed`,
        description: t`You are signed in. Every other session has been signed out.`,
      });
      navigate('/', { replace: true });
    } catch (error) {
      const message = error instanceof ApiError ? error.body?.message : undefined;
      if (error instanceof ApiError && error.status === 400 && message?.includes('link')) setLinkError(message);
      else if (error instanceof ApiError && error.status === 400 && message) setFieldError(message);
      else
        toast({
          variant: 'destructive',
          title: t`Could not change the password`,
          description: message ?? t`Something went wrong. Please try again.`,
        });
      setIsPending(false);
    }
  }

  return (
    <AuthCard
      title={t`Choose a new password`}
      description={t`Setting a new password signs you in here and out of every other device.`}
      footer={
        <Trans>
          Remembered it?{' '}
          <Link to="/auth/signin" className={linkClass}>
            Back to sign in
          </Link>
        </Trans>
      }
    >
      {linkError ? (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>
            <Trans>This link cannot be used</Trans>
          </AlertTitle>
          <AlertDescription>
            {/* Full-strength text: the alert's tinted red is too faint on dark backgrounds. */}
            <p className="text-foreground">{linkError}</p>
            <p>
              <Link to="/auth/forgot-password" className={linkClass}>
                <Trans>Ask for a new link</Trans>
              </Link>
            </p>
          </AlertDescription>
        </Alert>
      ) : (
        <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
          <FormField id="reset-password" label={t`New password`}>
            <Input
              id="reset-password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              aria-describedby={fieldError ? 'reset-password-help reset-confirm-error' : 'reset-password-help'}
              aria-invalid={fieldError ? true : undefined}
              value={password}
              onValueChange={(value) => setPassword(value)}
            />
            <p id="reset-password-help" className="text-xs text-muted-foreground">
              <Trans>Must be at least {PASSWORD_MIN_LENGTH} characters long</Trans>
            </p>
          </FormField>
          <FormField id="reset-confirm" label={t`Confirm new password`} error={fieldError}>
            <Input
              id="reset-confirm"
              name="confirm"
              type="password"
              autoComplete="new-password"
              required
              aria-describedby={fieldError ? 'reset-confirm-error' : undefined}
              aria-invalid={fieldError ? true : undefined}
              value={confirm}
              onValueChange={(value) => setConfirm(value)}
            />
          </FormField>
          <Button type="submit" size="lg" className="mt-1 w-full" disabled={isPending} aria-busy={isPending}>
            {isPending && <Spinner decorative />}
            <Trans>Set new password</Trans>
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
