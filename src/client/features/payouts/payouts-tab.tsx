/**
 * The provider dashboard's Payouts tab and its banner (decision 038): the provider's Stripe
 * Connect account in plain words, "Set up payouts" (Stripe's hosted onboarding, coming back to
 * this tab), the account read again from Stripe on the way back, and "View payouts on Stripe"
 * once it is active; then the provider's money as the ledger holds it (decision 068): paid out, on
 * its way, owed and held, one line per currency, each opening into its bookings. Loaded only with
 * the dashboard's tab (not in the first-load bundle).
 */
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router';
import type { PayoutAccountView } from '@shared/api/connect';
import type { PayoutFigureView } from '@shared/api/earnings';
import { CONNECT_COUNTRIES } from '@shared/domain/connect';
import { displayName } from '@shared/domain/display-names';
import type { PayoutFigureKind } from '@shared/domain/ledger';
import { intlLocale } from '@shared/domain/locales';
import { formatDateIn } from '@shared/domain/time';
import { InlineLoadFailed } from '@/components/load-failed';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { CardDescription, CardHeader, CardTitle } from '@/components/ui/card-parts';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { apiJson, errorMessage } from '@/lib/api';
import { useMoney } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { payoutAccountQuery, payoutSummaryQuery } from './payouts-api';

type State = PayoutAccountView['state'];

/** The account's state, as a title, in the reader's language. */
function useStateTitles(): Record<State, string> {
  const { t } = useLingui();
  return {
    not_started: t`Payouts are not set up`,
    details_needed: t`Stripe needs more details`,
    under_review: t`Stripe is reviewing your details`,
    active: t`Payouts are active`,
    restricted: t`Payouts are restricted`,
  };
}

/** What the account's state means, in the reader's language. */
function useStateTexts(): Record<State, string> {
  const { t } = useLingui();
  return {
    not_started: t`Set up payouts with Stripe to receive the money of your bookings. Travelers can book you once it is done.`,
    details_needed: t`Stripe needs a few more details before it can pay you.`,
    under_review: t`Stripe is checking the details you gave. This usually takes a few minutes, sometimes a day or two.`,
    active: t`Card payments and payouts are enabled. Each booking’s share is paid out to your bank once it is completed.`,
    restricted: t`Stripe has stopped payments to your account.`,
  };
}

/** A country's name in the reader's language (Intl's), its English name where Intl has none. */
function countryName(code: string, english: string, tag: string): string {
  return displayName(tag, 'region', code) ?? english;
}

/** The banner shown above the tabs until the provider can be booked (nothing while payments are off). */
export function PayoutsBanner({ onOpen }: { onOpen: () => void }) {
  const account = useQuery(payoutAccountQuery);
  const titles = useStateTitles();
  if (!account.data || !account.data.configured || account.data.canBeBooked) return null;
  return (
    <Alert variant="info" data-testid="payouts-banner">
      <AlertTitle>{titles[account.data.state]}</AlertTitle>
      <AlertDescription className="flex flex-wrap items-center gap-3">
        <span>
          <Trans>
            Travelers cannot book your services until you set up payouts. Open the Payouts tab to finish setting up.
          </Trans>
        </span>
        <Button size="sm" variant="outline" onClick={onOpen}>
          <Trans>Open Payouts</Trans>
        </Button>
      </AlertDescription>
    </Alert>
  );
}

export function PayoutsTab({ timeZone }: { timeZone: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const titles = useStateTitles();
  const texts = useStateTexts();
  const queryClient = useQueryClient();
  const account = useQuery(payoutAccountQuery);
  const [params, setParams] = useSearchParams();
  const [country, setCountry] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const onboarding = params.get('onboarding');

  const setUp = useMutation({
    mutationFn: () => apiJson<{ url: string }>('POST', '/api/provider/payouts/account', country ? { country } : {}),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (err) => setError(errorMessage(err, t`Could not reach Stripe. Please try again.`)),
  });
  const sync = useMutation({
    mutationFn: () => apiJson<PayoutAccountView>('POST', '/api/provider/payouts/account/sync'),
    onSuccess: (view) => queryClient.setQueryData(payoutAccountQuery.queryKey, view),
    onError: (err) => setError(errorMessage(err, t`Could not read your account from Stripe. Please try again.`)),
  });
  const login = useMutation({
    mutationFn: () => apiJson<{ url: string }>('POST', '/api/provider/payouts/login-link'),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (err) => setError(errorMessage(err, t`Could not open Stripe. Please try again.`)),
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
        <Spinner className="size-6 text-primary" label={t`Loading your payouts`} />
      </div>
    );
  if (account.isError)
    return <InlineLoadFailed what={t`your payouts account`} onRetry={() => void account.refetch()} />;
  const a = account.data;
  if (!a.configured)
    return (
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Payouts</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>Payment processing is not configured: travelers pay you as you agree with them.</Trans>
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
            <h2>{titles[a.state]}</h2>
          </CardTitle>
          <CardDescription>{texts[a.state]}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {a.state === 'restricted' && a.disabledReason && (
            <p>
              <span className="font-medium">
                <Trans>Why:</Trans>
              </span>{' '}
              {a.disabledReason}
            </p>
          )}
          {a.requirements.length > 0 && (
            <div>
              <p className="font-medium">
                <Trans>Stripe still needs:</Trans>
              </p>
              <ul className="mt-1 list-disc pl-5 text-muted-foreground">
                {a.requirements.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            </div>
          )}
          {a.state === 'not_started' && (
            <div className="flex max-w-xs flex-col gap-2">
              <Label htmlFor="payouts-country">
                <Trans>Country of your bank account</Trans>
              </Label>
              <NativeSelect
                id="payouts-country"
                value={country ?? a.suggestedCountry}
                onChange={(e) => setCountry(e.target.value)}
              >
                {CONNECT_COUNTRIES.map((c) => (
                  <option key={c.code} value={c.code}>
                    {countryName(c.code, c.name, intlLocale(locale))}
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
                <Trans>Set up payouts</Trans>
              </Button>
            )}
            {(a.state === 'details_needed' || a.state === 'restricted') && (
              <Button disabled={busy} onClick={() => (setError(null), setUp.mutate())}>
                <Trans>Continue setup on Stripe</Trans>
              </Button>
            )}
            {a.state === 'active' && (
              <Button disabled={busy} onClick={() => (setError(null), login.mutate())}>
                <Trans>View payouts on Stripe</Trans>
              </Button>
            )}
            {a.state !== 'not_started' && (
              <Button variant="outline" disabled={busy} onClick={() => (setError(null), sync.mutate())}>
                <Trans>Check status again</Trans>
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
      <PayoutFigures timeZone={timeZone} />
    </div>
  );
}

/**
 * The provider's money as the ledger holds it: four figures, each one line per currency, each line
 * opening into the bookings it is made of.
 */
function PayoutFigures({ timeZone }: { timeZone: string }) {
  const { t } = useLingui();
  const summary = useQuery(payoutSummaryQuery);
  const figures: { kind: PayoutFigureKind; title: string; hint: string }[] = [
    { kind: 'paidOut', title: t`Paid out`, hint: t`Arrived in your bank.` },
    { kind: 'onItsWay', title: t`On its way`, hint: t`Payouts Stripe has made that have not reached your bank yet.` },
    {
      kind: 'owed',
      title: t`Owed after upcoming bookings complete`,
      hint: t`Your share of paid bookings, paid out once each is completed.`,
    },
    {
      kind: 'held',
      title: t`Held by disputes`,
      hint: t`Your share of disputed bookings, held until the dispute is settled.`,
    },
  ];
  return (
    <Card data-testid="payout-figures">
      <CardHeader>
        <CardTitle asChild>
          <h2>
            <Trans>Your money</Trans>
          </h2>
        </CardTitle>
        <CardDescription>
          <Trans>What your bookings have brought in, where it is now. One line per currency.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {summary.isPending ? (
          <Spinner className="size-5 text-primary" label={t`Loading your money`} />
        ) : summary.isError ? (
          <InlineLoadFailed what={t`your money`} onRetry={() => void summary.refetch()} />
        ) : (
          <dl className="grid gap-4 sm:grid-cols-2">
            {figures.map((f) => (
              <div key={f.kind} data-testid={`payout-figure-${f.kind}`} className="rounded-md border p-3">
                <dt className="font-medium">{f.title}</dt>
                <dd className="text-sm text-muted-foreground">{f.hint}</dd>
                {summary.data[f.kind].length === 0 ? (
                  <dd className="mt-2 text-lg font-semibold">
                    <Trans>Nothing</Trans>
                  </dd>
                ) : (
                  summary.data[f.kind].map((line) => (
                    <dd key={line.currency} className="mt-2">
                      <FigureLine line={line} timeZone={timeZone} />
                    </dd>
                  ))
                )}
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

/** A figure's total in one currency, opening into its bookings. */
function FigureLine({ line, timeZone }: { line: PayoutFigureView; timeZone: string }) {
  const money = useMoney();
  const locale = useLocale();
  const count = line.bookings.length;
  return (
    <details data-currency={line.currency}>
      <summary className="cursor-pointer">
        <span className="text-lg font-semibold tabular-nums">{money(line.amountCents, line.currency)}</span>{' '}
        <span className="text-sm text-muted-foreground">
          <Plural value={count} one="# booking" other="# bookings" />
        </span>
      </summary>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {line.bookings.map((b) => (
          <li key={b.bookingId} className="flex justify-between gap-3">
            <span>
              {formatDateIn(new Date(b.date), timeZone, locale)} · {b.serviceTitle}
            </span>
            <span className="tabular-nums">{money(b.amountCents, line.currency)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
