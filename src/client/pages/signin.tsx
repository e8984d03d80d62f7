import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { CircleAlert } from 'lucide-react';
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
import { GOOGLE_SIGN_IN_ERRORS, parseGoogleSignInError } from '@shared/domain/google-sign-in';
import { SIGN_IN_REASONS, withReturnPath } from '@shared/domain/return-path';

export function SignInPage() {
  useDocumentTitle('Sign in');
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
      await login({ email: email.trim(), password });
      toast({ title: 'Welcome back!', description: 'You have successfully signed in.' });
      navigate(next ?? '/', { replace: true });
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
        title: 'Sign in failed',
        description:
          rateLimited && error.body?.message ? error.body.message : 'Invalid email or password. Please try again.',
      });
      setIsPending(false);
    }
  }

  return (
    <AuthCard
      title={reason ? SIGN_IN_REASONS[reason] : 'Welcome back'}
      description={
        reason
          ? 'Sign in or create an account, and you will come straight back to it.'
          : 'Sign in to book services, message providers and manage your trips.'
      }
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link
            to={withReturnPath('/auth/signup', { next })}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Create one
          </Link>
        </>
      }
    >
      {suspended && <SuspendedAlert />}
      {googleError && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{GOOGLE_SIGN_IN_ERRORS[googleError].title}</AlertTitle>
          <AlertDescription>{GOOGLE_SIGN_IN_ERRORS[googleError].description}</AlertDescription>
        </Alert>
      )}
      <GoogleButton disabled={isPending} next={next}>
        Sign in with Google
      </GoogleButton>
      <OrDivider />
      <form onSubmit={handleSubmit} className="flex flex-col gap-4">
        <EmailField id="signin-email" value={email} onChange={setEmail} />
        <FormField id="signin-password" label="Password">
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
            Forgot password?
          </Link>
        </FormField>
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={isPending} aria-busy={isPending}>
          {isPending && <Spinner decorative />}
          Sign in
        </Button>
      </form>
    </AuthCard>
  );
}
