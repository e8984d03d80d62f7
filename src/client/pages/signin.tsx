import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { CircleAlert } from '@/components/icons';
import { EmailField, FormField } from '@/components/form-field';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { isSuspendedRefusal, SuspendedAlert } from '@/components/trust/suspended-alert';
import { AuthCard } from '@/features/auth/auth-card';
import { GoogleButton, OrDivider } from '@/features/auth/google-button';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth-context';
import { useDocumentTitle } from '@/lib/document-title';
import { useReturnParams } from '@/lib/return-path';
import { parseGoogleSignInError } from '@shared/domain/google-sign-in';
import { withReturnPath } from '@shared/domain/return-path';
import { Trans, useLingui } from '@lingui/react/macro';
import { GOOGLE_SIGN_IN_ERROR_WORDS, SIGN_IN_REASON_WORDS } from '@/features/auth/auth-words';

export function SignInPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Sign in`);
  const { user, isLoading, login } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [isPending, setIsPending] = useState(false);
  const [suspended, setSuspended] = useState(false);
  // Where to go back to and why the user is here (decision 016); the product's "/" without a `next`.
  const { next, reason } = useReturnParams();
  // Why Google sign-in came back here (decision 023): a fixed text per known code, nothing else.
  const googleError = parseGoogleSignInError(searchParams.get('error'));

  // Already signed in (and not in the middle of signing in here): nothing to do on this page.
  if (!isLoading && user && !isPending) return <Navigate to={next ?? '/'} replace />;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    setIsPending(true);
    setSuspended(false);
    try {
      const signedIn = await login({ email: email.trim(), password });
      toast({ title: t`Welcome back!`, description: t`You have successfully signed in.` });
      // Without a page to go back to, an admin lands on the admin panel, everyone else on the home page.
      navigate(next ?? (signedIn.role === 'ADMIN' ? '/admin' : '/'), { replace: true });
    } catch (error) {
      if (isSuspendedRefusal(error)) {
        // Not a wrong password: the account is suspended (decision 051), said plainly on the page.
        setSuspended(true);
        setIsPending(false);
        return;
      }
      const rateLimited = error instanceof ApiError && error.status === 429;
      toast({
        variant: 'destructive',
        title: t`Sign in failed`,
        description:
          rateLimited && error.body?.message ? error.body.message : t`Invalid email or password. Please try again.`,
      });
      setIsPending(false);
    }
  }

  return (
    <AuthCard
      title={reason ? t(SIGN_IN_REASON_WORDS[reason]) : t`Welcome back`}
      description={
        reason
          ? t`Sign in or create an account, and you will come straight back to it.`
          : t`Sign in to book services, message providers and manage your trips.`
      }
      footer={
        <>
          <Trans>
            Don&apos;t have an account?{' '}
            <Link
              to={withReturnPath('/auth/signup', { next })}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Create one
            </Link>
          </Trans>
        </>
      }
    >
      {suspended && <SuspendedAlert />}
      {googleError && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{t(GOOGLE_SIGN_IN_ERROR_WORDS[googleError].title)}</AlertTitle>
          <AlertDescription>{t(GOOGLE_SIGN_IN_ERROR_WORDS[googleError].description)}</AlertDescription>
        </Alert>
      )}
      <GoogleButton disabled={isPending} next={next}>
        <Trans>Sign in with Google</Trans>
      </GoogleButton>
      <OrDivider />
      <form onSubmit={handleSubmit} className="flex flex-col gap-4">
        <EmailField id="signin-email" value={email} onChange={setEmail} />
        <FormField id="signin-password" label={t`Password`}>
          <Input
            id="signin-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onValueChange={(value) => setPassword(value)}
          />
          <Link
            to="/auth/forgot-password"
            className="self-end text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            <Trans>Forgot password?</Trans>
          </Link>
        </FormField>
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={isPending} aria-busy={isPending}>
          {isPending && <Spinner decorative />}
          <Trans>Sign in</Trans>
        </Button>
      </form>
    </AuthCard>
  );
}
