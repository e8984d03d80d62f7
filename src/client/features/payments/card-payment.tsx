/**
 * The card field of checkout (decision 024): Stripe Elements' CardElement, loaded only here (this file
 * is its own chunk, imported lazily by the checkout page), so Stripe.js never weighs on other pages.
 * The page confirms through `handleRef` once it has the booking's client secret; the card is only
 * authorised (the PaymentIntent is captured when the provider accepts).
 */
import { useEffect, useState, type RefObject } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementLocale } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { TriangleAlert } from '@/components/icons';
import type { Locale } from '@shared/domain/locales';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Trans } from '@lingui/react/macro';
import { useLocale } from '@/lib/locale';
import { usePaymentWords } from './payment-words';

/** Stripe's own words (the card field, its errors) in the page's language. */
const STRIPE_LOCALES: Record<Locale, StripeElementLocale> = {
  en: 'en',
  es: 'es',
  'pt-BR': 'pt-BR',
  'pt-PT': 'pt',
  ja: 'ja',
  th: 'th',
  id: 'id',
};

/** Stripe.js that has not loaded after this long counts as failed (the page must not wait forever). */
const LOAD_TIMEOUT_MS = 15_000;

export type CardPaymentHandle = {
  /** Confirms the PaymentIntent with the card entered: its status, or the error to show. */
  confirm(clientSecret: string): Promise<{ status: string } | { error: string }>;
};

export type CardPaymentState = 'loading' | 'failed' | 'incomplete' | 'complete';

function loadWithTimeout(publishableKey: string): Promise<Stripe> {
  return new Promise<Stripe>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Stripe.js did not load in time')), LOAD_TIMEOUT_MS);
    loadStripe(publishableKey).then(
      (stripe) => {
        clearTimeout(timer);
        if (stripe) resolve(stripe);
        else reject(new Error('Stripe.js is not available'));
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export function CardPayment({
  publishableKey,
  handleRef,
  onStateChange,
}: {
  publishableKey: string;
  handleRef: RefObject<CardPaymentHandle | null>;
  onStateChange: (state: CardPaymentState) => void;
}) {
  const [attempt, setAttempt] = useState(0);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failed, setFailed] = useState(false);
  const words = usePaymentWords();
  const locale = useLocale();

  useEffect(() => {
    let live = true;
    loadWithTimeout(publishableKey).then(
      (loaded) => live && setStripe(loaded),
      () => {
        if (!live) return;
        setFailed(true);
        onStateChange('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [publishableKey, attempt, onStateChange]);

  if (failed) {
    return (
      <div className="flex flex-col gap-3">
        <Alert variant="destructive" className="*:data-[slot=alert-description]:text-foreground">
          <TriangleAlert aria-hidden="true" />
          <AlertTitle>{words.errorTitle}</AlertTitle>
          <AlertDescription>{words.initFailed}</AlertDescription>
        </Alert>
        <Button
          variant="outline"
          className="w-fit"
          onClick={() => {
            setFailed(false);
            onStateChange('loading');
            setAttempt((n) => n + 1);
          }}
        >
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  if (!stripe) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        <Skeleton className="h-10 w-full" />
        <span className="sr-only" role="status">
          <Trans>Loading the secure card field</Trans>
        </span>
      </div>
    );
  }
  return (
    <Elements stripe={stripe} options={{ locale: STRIPE_LOCALES[locale] }}>
      <CardField handleRef={handleRef} onStateChange={onStateChange} />
    </Elements>
  );
}

function CardField({
  handleRef,
  onStateChange,
}: {
  handleRef: RefObject<CardPaymentHandle | null>;
  onStateChange: (state: CardPaymentState) => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardError, setCardError] = useState<string | undefined>();
  const { initFailed } = usePaymentWords();

  useEffect(() => {
    if (!stripe || !elements) return;
    handleRef.current = {
      async confirm(clientSecret) {
        const card = elements.getElement(CardElement);
        if (!card) return { error: initFailed };
        const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
        if (result.error) return { error: result.error.message ?? initFailed };
        return { status: result.paymentIntent.status };
      },
    };
    onStateChange('incomplete');
    return () => {
      handleRef.current = null;
    };
  }, [stripe, elements, handleRef, onStateChange, initFailed]);

  return (
    <div className="flex flex-col gap-2">
      <span id="card-label" className="text-sm font-medium">
        <Trans>Card</Trans>
      </span>
      <div className="rounded-md border bg-background px-3 py-3 focus-within:ring-[3px] focus-within:ring-ring/60">
        <CardElement
          options={{ hidePostalCode: false, style: { base: { fontSize: '16px' } } }}
          onChange={(event) => {
            setCardError(event.error?.message);
            onStateChange(event.complete ? 'complete' : 'incomplete');
          }}
        />
      </div>
      {cardError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {cardError}
        </p>
      )}
    </div>
  );
}
