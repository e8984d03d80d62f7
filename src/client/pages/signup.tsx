import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Briefcase, Luggage } from '@/components/icons';
import { PASSWORD_MIN_LENGTH } from '@shared/domain/constants';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { EmailField } from '@/components/form-field';
import { AuthCard } from '@/features/auth/auth-card';
import { useAuth, type SelfServiceRole } from '@/lib/auth-context';
import { GoogleButton, OrDivider } from '@/features/auth/google-button';
import { TimeZoneSelect } from '@/components/time-zone-select';
import { ApiError } from '@/lib/api';
import { useDetectedTimeZone } from '@/lib/time-zone';
import { isGenericTimeZone } from '@shared/domain/time';
import { useDocumentTitle } from '@/lib/document-title';
import { useReturnParams } from '@/lib/return-path';
import { withReturnPath } from '@shared/domain/return-path';
import { Trans, useLingui } from '@lingui/react/macro';

export function SignUpPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Sign up`);
  const { user, isLoading, signup } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [role, setRole] = useState<SelfServiceRole>(
    searchParams.get('role')?.toLowerCase() === 'provider' ? 'PROVIDER' : 'TRAVELER',
  );
  // Where to go back to (decision 016); without it, the product's defaults by role.
  const { next } = useReturnParams();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [isPending, setIsPending] = useState(false);
  // A provider's calendar is read in their zone: the browser's, unless it only says UTC.
  // (Known only once the page has hydrated: the server rendered it without the browser's zone.)
  const detectedZone = useDetectedTimeZone();
  const providerZone = detectedZone && !isGenericTimeZone(detectedZone) ? detectedZone : undefined;
  const [chosenZone, setTimeZone] = useState<string>();
  const timeZone = chosenZone ?? providerZone ?? '';

  if (!isLoading && user && !isPending) return <Navigate to={next ?? '/'} replace />;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    if (password.length < PASSWORD_MIN_LENGTH) {
      toast({
        variant: 'destructive',
        title: t`Invalid password`,
        description: t`Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
      });
      return;
    }
    if (role === 'PROVIDER' && !timeZone) {
      toast({
        variant: 'destructive',
        title: t`Choose your time zone`,
        description: t`Your calendar and bookings are shown in it.`,
      });
      return;
    }
    setIsPending(true);
    try {
      const created = await signup({
        email: email.trim(),
        password,
        name: name.trim(),
        role,
        ...(role === 'PROVIDER' ? { timeZone } : {}),
      });
      const asProvider = created.role === 'PROVIDER';
      toast({
        title: t`Account created!`,
        description: asProvider ? t`Welcome to Locora as a provider.` : t`Welcome to Locora as a traveler.`,
      });
      navigate(next ?? (asProvider ? '/dashboard/provider' : '/browse'), { replace: true });
    } catch (error) {
      // The product's text is about a taken email (409); a refused input (400) or too many attempts (429)
      // shows the server's own explanation instead.
      const explained = error instanceof ApiError && (error.status === 429 || error.status === 400);
      toast({
        variant: 'destructive',
        title: t`Sign up failed`,
        description:
          explained && error.body?.message ? error.body.message : t`An account with this email may already exist.`,
      });
      setIsPending(false);
    }
  }

  return (
    <AuthCard
      title={t`Create your account`}
      description={t`Book trusted local services, or offer yours to travelers.`}
      footer={
        <>
          <Trans>
            Already have an account?{' '}
            <Link
              to={withReturnPath('/auth/signin', { next })}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Sign in
            </Link>
          </Trans>
        </>
      }
    >
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium" id="account-type-label">
          <Trans>Account type</Trans>
        </span>
        <Tabs value={role} onValueChange={(value) => setRole(value === 'PROVIDER' ? 'PROVIDER' : 'TRAVELER')}>
          <TabsList className="grid h-11 w-full grid-cols-2" aria-labelledby="account-type-label">
            <TabsTrigger value="TRAVELER">
              <Luggage aria-hidden="true" />
              <Trans>Traveler</Trans>
            </TabsTrigger>
            <TabsTrigger value="PROVIDER">
              <Briefcase aria-hidden="true" />
              <Trans>Provider</Trans>
            </TabsTrigger>
          </TabsList>
          {/* Each tab controls a real panel (Radix links them with aria-controls). */}
          <TabsContent value="TRAVELER" className="mt-2 text-sm text-muted-foreground">
            <Trans>Find and book trusted local services wherever you travel.</Trans>
          </TabsContent>
          <TabsContent value="PROVIDER" className="mt-2 text-sm text-muted-foreground">
            <Trans>Offer your services to travelers and manage bookings from your dashboard.</Trans>
          </TabsContent>
        </Tabs>
      </div>
      <GoogleButton
        disabled={isPending}
        next={next}
        role={role}
        timeZone={timeZone}
        onStart={() => {
          if (role === 'PROVIDER' && !timeZone) {
            toast({
              variant: 'destructive',
              title: t`Choose your time zone`,
              description: t`Your calendar and bookings are shown in it.`,
            });
            return false;
          }
          return true;
        }}
      >
        <Trans>Sign up with Google</Trans>
      </GoogleButton>
      <OrDivider />
      <form onSubmit={handleSubmit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor="signup-name">
            <Trans>Full Name</Trans>
          </Label>
          <Input
            id="signup-name"
            name="name"
            autoComplete="name"
            required
            maxLength={100}
            value={name}
            onValueChange={(value) => setName(value)}
            placeholder={t`Alex Morgan`}
          />
        </div>
        <EmailField id="signup-email" value={email} onChange={setEmail} />
        <div className="flex flex-col gap-2">
          <Label htmlFor="signup-password">
            <Trans>Password</Trans>
          </Label>
          <Input
            id="signup-password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            aria-describedby="signup-password-help"
            value={password}
            onValueChange={(value) => setPassword(value)}
          />
          <p id="signup-password-help" className="text-xs text-muted-foreground">
            <Trans>Must be at least {PASSWORD_MIN_LENGTH} characters long</Trans>
          </p>
        </div>
        {role === 'PROVIDER' && (
          <TimeZoneSelect
            value={timeZone}
            onChange={setTimeZone}
            required
            disabled={isPending}
            description={
              detectedZone === undefined
                ? t`Your calendar and bookings are shown in it.`
                : providerZone
                  ? t`Detected from your browser. Your calendar and bookings are shown in it.`
                  : detectedZone
                    ? t`Your browser reports ${detectedZone}, which is not a place: choose where you work.`
                    : t`Your browser reports no time zone: choose where you work.`
            }
          />
        )}
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={isPending} aria-busy={isPending}>
          {isPending && <Spinner decorative />}
          {role === 'PROVIDER' ? t`Create provider account` : t`Create account`}
        </Button>
      </form>
    </AuthCard>
  );
}
