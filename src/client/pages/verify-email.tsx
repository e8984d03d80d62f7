import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck } from '@/components/icons';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { AuthCard } from '@/features/auth/auth-card';
import { emailStatusQueryKey, verifyEmail } from '@/features/auth/email-links-api';
import { errorMessage } from '@/lib/api';
import { useAuth } from '@/lib/auth-context';
import { useDocumentTitle } from '@/lib/document-title';
import { signInPath } from '@shared/domain/return-path';

type State = { kind: 'verifying' } | { kind: 'verified'; email: string } | { kind: 'failed'; message: string };

/**
 * The page a verification link opens. The link is used up by a POST from the page (not by the
 * GET), so a mail scanner that fetches links does not spend it. It works only signed in as the
 * account it was sent to (decision 022): signed out, the page sends to sign-in, which comes back
 * here; signed in as another account, the server's refusal says so.
 */
export function VerifyEmailPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Verify email`);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { user, isLoading } = useAuth();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(
    token
      ? { kind: 'verifying' }
      : {
          kind: 'failed',
          message: t`This verification link is incomplete. Open the whole link from the email.`,
        },
  );
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current || isLoading || !user) return;
    started.current = true;
    verifyEmail(token)
      .then((email) => {
        setState({ kind: 'verified', email });
        void queryClient.invalidateQueries({ queryKey: emailStatusQueryKey });
      })
      .catch((error: unknown) =>
        setState({ kind: 'failed', message: errorMessage(error, t`Something went wrong. Please try again.`) }),
      );
  }, [token, queryClient, isLoading, user, t]);

  const verifiedEmail = state.kind === 'verified' ? state.email : '';

  if (token && !isLoading && !user) {
    return <Navigate to={signInPath(`/auth/verify-email?token=${encodeURIComponent(token)}`, 'verify')} replace />;
  }

  return (
    <AuthCard
      title={t`Verify your email`}
      description={t`Confirming your address lets us reach you about bookings and messages.`}
      footer={
        <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
          <Trans>Back to Locora</Trans>
        </Link>
      }
    >
      {state.kind === 'verifying' && (
        <div role="status" className="flex items-center justify-center gap-2 py-4 text-muted-foreground">
          <Spinner decorative />
          <Trans>Verifying your email address…</Trans>
        </div>
      )}
      {state.kind === 'verified' && (
        <>
          <Alert role="status">
            <CircleCheck aria-hidden="true" />
            <AlertTitle>
              <Trans>Email verified</Trans>
            </AlertTitle>
            <AlertDescription>
              <Trans>{verifiedEmail} is verified. Thank you!</Trans>
            </AlertDescription>
          </Alert>
          <Button asChild size="lg" className="w-full">
            <Link to={user ? '/settings' : '/auth/signin'}>{user ? t`Go to settings` : t`Sign in`}</Link>
          </Button>
        </>
      )}
      {state.kind === 'failed' && (
        <>
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertTitle>
              <Trans>We could not verify your email</Trans>
            </AlertTitle>
            <AlertDescription>
              <p className="text-foreground">{state.message}</p>
            </AlertDescription>
          </Alert>
          <Button asChild size="lg" variant="outline" className="w-full">
            <Link to={user ? '/settings' : '/auth/signin'}>
              {user ? t`Go to settings` : t`Sign in to send a new link`}
            </Link>
          </Button>
        </>
      )}
    </AuthCard>
  );
}
