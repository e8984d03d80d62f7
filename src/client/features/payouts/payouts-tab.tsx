/**
 * The provider dashboard's Payouts tab and its banner (decision 038): the provider's Stripe
 * Connect account in plain words, "Set up payouts" (Stripe's hosted onboarding, coming back to
 * this tab), the account read again from Stripe on the way back, and "View payouts on Stripe"
 * once it is active. Loaded only with the dashboard's tab (not in the first-load bundle).
 */
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { PayoutAccountView } from '@shared/api/connect';
import { CONNECT_COUNTRIES, CONNECT_STATE_TITLE, PAYOUTS_NOT_SET_UP_BANNER } from '@shared/domain/connect';
import { InlineLoadFailed } from '@/components/load-failed';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { apiJson, errorMessage } from '@/lib/api';

export const payoutAccountQuery = queryOptions({
  queryKey: ['/api/provider/payouts/account'],
  queryFn: () => apiJson<PayoutAccountView>('GET', '/api/provider/payouts/account'),
});

const STATE_TEXT: Record<PayoutAccountView['state'], string> = {
  not_started:
    'Set up payouts with Stripe to receive the money of your bookings. Travelers can book you once it is done.',
  details_needed: 'Stripe needs a few more details before it can pay you.',
  under_review: 'Stripe is checking the details you gave. This usually takes a few minutes, sometimes a day or two.',
  active: 'Card payments and payouts are enabled. Each booking’s share is paid out to your bank once it is completed.',
  restricted: 'Stripe has stopped payments to your account.',
};

/** The banner shown above the tabs until the provider can be booked (nothing while payments are off). */
export function PayoutsBanner({ onOpen }: { onOpen: () => void }) {
  const account = useQuery(payoutAccountQuery);
  if (!account.data || !account.data.configured || account.data.canBeBooked) return null;
  return (
    <Alert variant="info" data-testid="payouts-banner">
      <AlertTitle>{CONNECT_STATE_TITLE[account.data.state]}</AlertTitle>
      <AlertDescription className="flex flex-wrap items-center gap-3">
        <span>{PAYOUTS_NOT_SET_UP_BANNER}</span>
        <Button size="sm" variant="outline" onClick={onOpen}>
          Open Payouts
        </Button>
      </AlertDescription>
    </Alert>
  );
}

export function PayoutsTab() {
  const queryClient = useQueryClient();
  const account = useQuery(payoutAccountQuery);
  const [params, setParams] = useSearchParams();
  const [country, setCountry] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const onboarding = params.get('onboarding');

  const setUp = useMutation({
    mutationFn: () => apiJson<{ url: string }>('POST', '/api/provider/payouts/account', country ? { country } : {}),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (err) => setError(errorMessage(err, 'Could not reach Stripe. Please try again.')),
  });
  const sync = useMutation({
    mutationFn: () => apiJson<PayoutAccountView>('POST', '/api/provider/payouts/account/sync'),
    onSuccess: (view) => queryClient.setQueryData(payoutAccountQuery.queryKey, view),
    onError: (err) => setError(errorMessage(err, 'Could not read your account from Stripe. Please try again.')),
  });
  const login = useMutation({
    mutationFn: () => apiJson<{ url: string }>('POST', '/api/provider/payouts/login-link'),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (err) => setError(errorMessage(err, 'Could not open Stripe. Please try again.')),
  });

  // Back from Stripe: read the account again (return), or ask for a fresh link (refresh: the old one expired).
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current || !onboarding) return;
    handled.current = true;
    const next = new URLSearchParams(params);
    next.delete('onboarding');
    setParams(next, { replace: true });
    if (onboarding === 'return') sync.mutate();
    if (onboarding === 'refresh') setUp.mutate();
  }, [onboarding, params, setParams, sync, setUp]);

  if (account.isPending)
    return (
      <div className="flex justify-center py-12">
        <Spinner className="size-6 text-primary" label="Loading your payouts" />
      </div>
    );
  if (account.isError) return <InlineLoadFailed what="your payouts account" onRetry={() => void account.refetch()} />;
  const a = account.data;
  if (!a.configured)
    return (
      <Card>
        <CardHeader>
          <CardTitle>Payouts</CardTitle>
          <CardDescription>
            Payment processing is not configured: travelers pay you as you agree with them.
          </CardDescription>
        </CardHeader>
      </Card>
    );
  const busy = setUp.isPending || sync.isPending || login.isPending;
  return (
    <div className="flex flex-col gap-4">
      <Card data-testid="payouts-account" data-state={a.state}>
        <CardHeader>
          <CardTitle asChild>
            <h2>{CONNECT_STATE_TITLE[a.state]}</h2>
          </CardTitle>
          <CardDescription>{STATE_TEXT[a.state]}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {a.state === 'restricted' && a.disabledReason && (
            <p>
              <span className="font-medium">Why: </span>
              {a.disabledReason}
            </p>
          )}
          {a.requirements.length > 0 && (
            <div>
              <p className="font-medium">Stripe still needs:</p>
              <ul className="mt-1 list-disc pl-5 text-muted-foreground">
                {a.requirements.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            </div>
          )}
          {a.state === 'not_started' && (
            <div className="flex max-w-xs flex-col gap-2">
              <Label htmlFor="payouts-country">Country of your bank account</Label>
              <NativeSelect
                id="payouts-country"
                value={country ?? a.suggestedCountry}
                onChange={(e) => setCountry(e.target.value)}
              >
                {CONNECT_COUNTRIES.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {a.state === 'not_started' && (
              <Button disabled={busy} onClick={() => (setError(null), setUp.mutate())}>
                Set up payouts
              </Button>
            )}
            {(a.state === 'details_needed' || a.state === 'restricted') && (
              <Button disabled={busy} onClick={() => (setError(null), setUp.mutate())}>
                Continue setup on Stripe
              </Button>
            )}
            {a.state === 'active' && (
              <Button disabled={busy} onClick={() => (setError(null), login.mutate())}>
                View payouts on Stripe
              </Button>
            )}
            {a.state !== 'not_started' && (
              <Button variant="outline" disabled={busy} onClick={() => (setError(null), sync.mutate())}>
                Check status again
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
