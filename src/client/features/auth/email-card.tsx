import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { BadgeCheck, CircleAlert, MailCheck } from '@/components/icons';
import type { EmailStatus } from '@shared/api/auth-responses';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { CardDescription, CardHeader, CardTitle } from '@/components/ui/card-parts';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useAuth } from '@/lib/auth-context';
import { changeEmail, emailStatusQuery, emailStatusQueryKey, resendVerification } from './email-links-api';

/**
 * Settings: the account's address, whether it is verified, 'Resend verification email', and a
 * form to change it (new address and current password; the new address gets a verification link
 * and is unverified until it is opened). After a link is sent the card says where it went.
 */
export function EmailCard() {
  const { t } = useLingui();
  const { data } = useQuery(emailStatusQuery);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const resend = useMutation({
    mutationFn: resendVerification,
    onSuccess: () => {
      setSentTo(data?.email ?? null);
      const address = data?.email;
      toast({
        title: t`Verification email sent`,
        description: address ? t`Open the link we sent to ${address}.` : t`Open the link we sent you.`,
      });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t`Could not send the email`,
        description: errorMessage(error, t`Please try again.`),
      }),
  });
  const showsSent = data !== undefined && !data.verified && sentTo === data.email;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>
            <Trans>Email address</Trans>
          </h2>
        </CardTitle>
        <CardDescription>
          <Trans>We send booking updates, messages and password reset links here.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {data ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <span className="truncate font-medium" data-testid="account-email">
                {data.email}
              </span>
              {data.verified ? (
                <Badge variant="secondary" className="gap-1">
                  <BadgeCheck aria-hidden="true" className="size-3.5" />
                  <Trans>Verified</Trans>
                </Badge>
              ) : (
                <Badge variant="outline" className="gap-1">
                  <CircleAlert aria-hidden="true" className="size-3.5" />
                  <Trans>Not verified</Trans>
                </Badge>
              )}
            </div>
            <div className="flex flex-wrap gap-2">
              {!data.verified && (
                <Button
                  variant="outline"
                  disabled={resend.isPending}
                  aria-busy={resend.isPending}
                  onClick={() => resend.mutate()}
                >
                  {resend.isPending && <Spinner decorative />}
                  <Trans>Resend verification email</Trans>
                </Button>
              )}
              {!editing && (
                <Button variant="outline" onClick={() => setEditing(true)}>
                  <Trans>Change email</Trans>
                </Button>
              )}
            </div>
          </div>
        ) : (
          <Skeleton className="h-5 w-72" />
        )}
        <div role="status">
          {showsSent && (
            <Alert>
              <MailCheck aria-hidden="true" />
              <AlertTitle>
                <Trans>Verification link sent</Trans>
              </AlertTitle>
              <AlertDescription>
                <Trans>We sent a link to {sentTo}. Open it to verify your address (it works for 48 hours).</Trans>
              </AlertDescription>
            </Alert>
          )}
        </div>
        {editing && data && (
          <ChangeEmailForm
            current={data.email}
            onCancel={() => setEditing(false)}
            onChanged={(email) => {
              setEditing(false);
              setSentTo(email);
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}

function ChangeEmailForm({
  current,
  onCancel,
  onChanged,
}: {
  current: string;
  onCancel: () => void;
  onChanged: (email: string) => void;
}) {
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [problem, setProblem] = useState<{ field: 'email' | 'password'; message: string } | null>(null);
  const save = useMutation({
    mutationFn: changeEmail,
    onSuccess: (user) => {
      updateUser(user);
      queryClient.setQueryData<EmailStatus>(emailStatusQueryKey, { email: user.email, verified: false });
      void queryClient.invalidateQueries({ queryKey: emailStatusQueryKey });
      const address = user.email;
      toast({
        title: t`Email address changed`,
        description: t`We sent a verification link to ${address}. Your other sessions were signed out.`,
      });
      onChanged(user.email);
    },
    onError: (error) => {
      const message = errorMessage(error, t`Please try again later.`);
      setProblem({ field: /password/i.test(message) ? 'password' : 'email', message });
      toast({ variant: 'destructive', title: t`Failed to change email`, description: message });
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const next = email.trim();
    if (next.toLowerCase() === current.toLowerCase()) {
      setProblem({ field: 'email', message: t`This is already your email address.` });
      return;
    }
    setProblem(null);
    save.mutate({ email: next, currentPassword });
  }

  const errorFor = (field: 'email' | 'password') => (problem?.field === field ? problem.message : null);
  return (
    <form
      onSubmit={handleSubmit}
      className="grid gap-4 border-t pt-4 sm:max-w-md"
      aria-label={t`Change email`}
      noValidate
    >
      <FormField id="new-email" label={t`New email address`} error={errorFor('email')}>
        <Input
          id="new-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onValueChange={(value) => setEmail(value)}
          aria-invalid={errorFor('email') ? true : undefined}
          aria-describedby={errorFor('email') ? 'new-email-error' : undefined}
        />
      </FormField>
      <FormField id="email-current-password" label={t`Current password`} error={errorFor('password')}>
        <Input
          id="email-current-password"
          name="current-password"
          type="password"
          autoComplete="current-password"
          required
          value={currentPassword}
          onValueChange={(value) => setCurrentPassword(value)}
          aria-invalid={errorFor('password') ? true : undefined}
          aria-describedby={errorFor('password') ? 'email-current-password-error' : undefined}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending || !email.trim() || !currentPassword} aria-busy={save.isPending}>
          {save.isPending && <Spinner decorative />}
          <Trans>Save new email</Trans>
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={save.isPending}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
