import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { MailCheck } from '@/components/icons';
import { EmailField } from '@/components/form-field';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { AuthCard } from '@/features/auth/auth-card';
import { forgotPassword } from '@/features/auth/email-links-api';
import { errorMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';

/** "Forgot password?": asks for a reset link (the same answer whether or not the address has an account). */
export function ForgotPasswordPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Forgot password`);
  const [email, setEmail] = useState('');
  const [isPending, setIsPending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    setIsPending(true);
    try {
      setSent(await forgotPassword({ email: email.trim() }));
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t`Could not send the link`,
        description: errorMessage(error, t`Something went wrong. Please try again.`),
      });
    } finally {
      setIsPending(false);
    }
  }

  return (
    <AuthCard
      title={t`Forgot your password?`}
      description={t`Enter the email address of your account and we will send you a link to choose a new password.`}
      footer={
        <Trans>
          Remembered it?{' '}
          <Link to="/auth/signin" className="font-medium text-primary underline-offset-4 hover:underline">
            Back to sign in
          </Link>
        </Trans>
      }
    >
      {sent ? (
        <Alert role="status">
          <MailCheck aria-hidden="true" />
          <AlertTitle>
            <Trans>Check your email</Trans>
          </AlertTitle>
          <AlertDescription>{sent}</AlertDescription>
        </Alert>
      ) : (
        <form onSubmit={handleSubmit} className="flex flex-col gap-4">
          <EmailField id="forgot-email" value={email} onChange={setEmail} />
          <Button type="submit" size="lg" className="mt-1 w-full" disabled={isPending} aria-busy={isPending}>
            {isPending && <Spinner decorative />}
            <Trans>Send reset link</Trans>
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
