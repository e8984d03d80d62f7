import { lazy, Suspense, useState, useSyncExternalStore, type FormEvent } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from 'react-router';
import { ArrowRight, BadgeCheck, CreditCard, MapPin, Quote, Search, Star, Zap } from '@/components/icons';
import { IconInput } from '@/components/icon-input';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { CategoryGrid } from '@/features/catalog/category-grid';
import { FeaturedServices } from '@/features/catalog/featured-services';
import { useAuth } from '@/lib/auth-context';
import { useDocumentTitle } from '@/lib/document-title';
import { useHydrated } from '@/lib/hydration';
import { dashboardPath } from '@/lib/roles';
import { preloadModules } from '@/lib/preload-modules';

/** docs/product.md: q and city are left out of the query when empty. */
export function browseSearchPath(q: string, city: string): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (city.trim()) params.set('city', city.trim());
  const query = params.toString();
  return query ? `/browse?${query}` : '/browse';
}

const reasons = [
  {
    icon: BadgeCheck,
    title: msg`Verified providers`,
    text: msg`Every provider shows whether their government ID has been checked, so you know who you are booking.`,
  },
  {
    icon: Star,
    title: msg`Top-rated services`,
    text: msg`Ratings and reviews come only from travelers who completed a booking.`,
  },
  {
    icon: Zap,
    title: msg`Quick response`,
    text: msg`Providers answer booking requests and messages fast, often within the hour.`,
  },
  {
    icon: CreditCard,
    title: msg`Secure payments`,
    text: msg`Pay by card through our payment provider. Your card details never touch our servers.`,
  },
] satisfies { icon: unknown; title: MessageDescriptor; text: MessageDescriptor }[];

const testimonials = [
  {
    quote: msg`“I booked a sunrise yoga session on my second morning in Lisbon. The instructor was wonderful and replied to my message within minutes.”`,
    name: 'Amelia R.',
    from: msg`Traveler from Melbourne`,
  },
  {
    quote: msg`“After a long flight, a massage at my hotel in Bangkok was exactly what I needed. Booking and paying took two minutes, and the therapist was verified.”`,
    name: 'Daniel K.',
    from: msg`Traveler from Toronto`,
  },
  {
    quote: msg`“Our private chef in Mexico City cooked with us for an evening. The reviews were spot on. We will use Locora on every trip now.”`,
    name: 'Sofia & Marco',
    from: msg`Travelers from Milan`,
  },
] satisfies { quote: MessageDescriptor; name: string; from: MessageDescriptor }[];

/*
 * The city box's suggestions (the combobox, its query and its list) load once the page is live:
 * the first load carries the box alone, as the server rendered it. A box focused before they
 * arrive keeps the focus.
 */
const CityCombobox = lazy(() => {
  preloadModules(['features/catalog/city-combobox.tsx']);
  return import('@/features/catalog/city-combobox').then((m) => ({ default: m.CityCombobox }));
});

function HeroCity({ value, onValueChange }: { value: string; onValueChange: (city: string) => void }) {
  const { t } = useLingui();
  const isHydrated = useHydrated();
  const [focused, setFocused] = useState(false);
  const box = {
    id: 'hero-city',
    large: true,
    containerClassName: 'sm:border-l',
    name: 'city',
    value,
    onValueChange,
    placeholder: t`City`,
    className: 'h-12 border-0 bg-transparent shadow-none dark:bg-transparent',
  };
  const plain = (
    <IconInput
      icon={MapPin}
      label={t`City`}
      autoComplete="off"
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      {...box}
    />
  );
  if (!isHydrated) return plain;
  return (
    <Suspense fallback={plain}>
      <CityCombobox autoFocus={focused} {...box} />
    </Suspense>
  );
}

function HeroSearch() {
  const navigate = useNavigate();
  const { t } = useLingui();
  const [q, setQ] = useState('');
  const [city, setCity] = useState('');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    navigate(browseSearchPath(q, city));
  }

  return (
    <form
      role="search"
      onSubmit={handleSubmit}
      className="grid gap-2 rounded-2xl border bg-card p-2 shadow-lg shadow-primary/5 sm:grid-cols-[1fr_1fr_auto] sm:gap-0 sm:p-2"
    >
      <IconInput
        id="hero-q"
        icon={Search}
        label={t`Service`}
        large
        name="q"
        value={q}
        onValueChange={setQ}
        placeholder={t`Massage, tours, private chef…`}
        autoComplete="off"
        className="h-12 border-0 bg-transparent shadow-none dark:bg-transparent"
      />
      <HeroCity value={city} onValueChange={setCity} />
      <Button type="submit" size="lg" className="h-12 rounded-xl px-6">
        <Search aria-hidden="true" />
        <Trans>Search</Trans>
      </Button>
    </form>
  );
}

/*
 * The decorative map beside the hero, on wide screens only: loaded after hydration, when the screen
 * is wide (a phone never downloads it), so the first load stays within its budget. Until then a
 * box of its size holds its place, so nothing moves.
 */
const HeroIllustration = lazy(() =>
  import('@/components/hero-illustration').then((m) => ({ default: m.HeroIllustration })),
);
const WIDE = '(min-width: 64rem)';
function subscribeToWidth(onChange: () => void) {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function WideScreenIllustration() {
  const isWide = useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
  const box = <div aria-hidden="true" className="hidden aspect-[480/420] w-full max-w-md justify-self-end lg:block" />;
  if (!isWide) return box;
  return (
    <Suspense fallback={box}>
      <HeroIllustration className="hidden max-w-md justify-self-end drop-shadow-xl lg:block" />
    </Suspense>
  );
}

export function HomePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Locora · Trusted local services for travelers`, { full: true });
  const { user } = useAuth();
  const dashboard = user ? dashboardPath(user.role) : null;

  return (
    <>
      <section aria-labelledby="hero-heading" className="relative overflow-hidden border-b">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-gradient-to-br from-hero-from via-background to-hero-to"
        />
        <div
          aria-hidden="true"
          className="absolute -top-24 -right-24 -z-10 size-96 rounded-full bg-primary/10 blur-3xl"
        />
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[minmax(0,1.35fr)_minmax(0,1fr)] lg:px-8">
          <div className="flex min-w-0 flex-col gap-8">
            <div className="flex max-w-3xl flex-col gap-5">
              <p className="inline-flex w-fit items-center gap-2 rounded-full border bg-background/70 px-3 py-1 text-sm font-medium text-muted-foreground">
                <MapPin className="size-4 text-primary" aria-hidden="true" />
                <Trans>Local experts, wherever you travel</Trans>
              </p>
              <h1
                id="hero-heading"
                className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
              >
                <Trans>
                  Book trusted local services <span className="text-primary">in any city</span>
                </Trans>
              </h1>
              <p className="max-w-2xl text-lg text-pretty text-muted-foreground">
                <Trans>
                  Massage, guided tours, private chefs, doctors, yoga, babysitting, drivers and more. Verified
                  providers, top-rated services, quick responses and secure card payments, all in one place.
                </Trans>
              </p>
            </div>
            <div className="max-w-3xl">
              <HeroSearch />
            </div>
            <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
              <li className="inline-flex items-center gap-1.5">
                <BadgeCheck className="size-4 text-primary" aria-hidden="true" /> <Trans>ID-verified providers</Trans>
              </li>
              <li className="inline-flex items-center gap-1.5">
                <CreditCard className="size-4 text-primary" aria-hidden="true" /> <Trans>Secure card payments</Trans>
              </li>
              <li className="inline-flex items-center gap-1.5">
                <Zap className="size-4 text-primary" aria-hidden="true" /> <Trans>Fast replies</Trans>
              </li>
            </ul>
          </div>
          <WideScreenIllustration />
        </div>
      </section>

      <section aria-labelledby="categories-heading" className="mx-auto w-full max-w-7xl px-4 pt-16 sm:px-6 lg:px-8">
        <div className="mb-8 flex max-w-2xl flex-col gap-3">
          <h2 id="categories-heading" className="text-3xl font-bold tracking-tight">
            <Trans>Browse by category</Trans>
          </h2>
          <p className="text-muted-foreground">
            <Trans>From a massage after a long flight to a driver for the day.</Trans>
          </p>
        </div>
        <CategoryGrid />
      </section>

      <section aria-labelledby="featured-heading" className="mx-auto w-full max-w-7xl px-4 pt-16 sm:px-6 lg:px-8">
        <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
          <div className="flex max-w-2xl flex-col gap-3">
            <h2 id="featured-heading" className="text-3xl font-bold tracking-tight">
              <Trans>Featured services</Trans>
            </h2>
            <p className="text-muted-foreground">
              <Trans>Top-rated services from verified providers.</Trans>
            </p>
          </div>
          <Button asChild variant="outline">
            <Link to="/browse">
              <Trans>View all services</Trans>
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
        <FeaturedServices />
      </section>

      <section aria-labelledby="why-heading" className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="mb-10 flex max-w-2xl flex-col gap-3">
          <h2 id="why-heading" className="text-3xl font-bold tracking-tight">
            <Trans>Why travelers choose Locora</Trans>
          </h2>
          <p className="text-muted-foreground">
            <Trans>Finding someone you can trust in an unfamiliar city is hard. We make it simple.</Trans>
          </p>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {reasons.map(({ icon: Icon, title, text }) => (
            <li key={title.id}>
              <Card className="h-full gap-4 transition-shadow hover:shadow-md">
                <CardContent className="flex flex-col gap-3">
                  <div className="flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                    <Icon className="size-5" aria-hidden="true" />
                  </div>
                  <h3 className="text-lg font-semibold">{t(title)}</h3>
                  <p className="text-sm text-muted-foreground">{t(text)}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="testimonials-heading" className="border-y bg-muted/50">
        <div className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 id="testimonials-heading" className="mb-10 text-3xl font-bold tracking-tight">
            <Trans>What travelers say</Trans>
          </h2>
          <ul className="grid gap-4 md:grid-cols-3">
            {testimonials.map((said) => (
              <li key={said.name}>
                <Card className="h-full gap-4">
                  <CardContent className="flex h-full flex-col gap-4">
                    <div className="flex items-center justify-between">
                      <div className="flex gap-0.5" role="img" aria-label={t`Rated 5 out of 5`}>
                        {Array.from({ length: 5 }, (_, i) => (
                          <Star key={i} className="size-4 fill-warm text-warm" aria-hidden="true" />
                        ))}
                      </div>
                      <Quote className="size-6 text-primary/30" aria-hidden="true" />
                    </div>
                    <blockquote className="flex-1 text-pretty">{t(said.quote)}</blockquote>
                    <div>
                      <p className="font-semibold">{said.name}</p>
                      <p className="text-sm text-muted-foreground">{t(said.from)}</p>
                    </div>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="relative overflow-hidden rounded-2xl bg-primary px-6 py-12 text-primary-foreground sm:px-12 dark:border dark:border-primary/25 dark:bg-accent dark:text-accent-foreground">
          <div aria-hidden="true" className="absolute -right-16 -bottom-20 size-72 rounded-full bg-warm/30 blur-3xl" />
          <div className="relative flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
            <div className="flex max-w-xl flex-col gap-2">
              <h2 id="cta-heading" className="text-3xl font-bold tracking-tight">
                {user ? t`Find your next local experience` : t`Ready to explore like a local?`}
              </h2>
              <p className="text-primary-foreground dark:text-accent-foreground/80">
                {user
                  ? t`Browse services near you, or head to your dashboard to manage bookings.`
                  : t`Join as a traveler to book in minutes, or share your skills with visitors as a provider.`}
              </p>
            </div>
            <div className="flex flex-col gap-3 sm:flex-row">
              {user ? (
                <>
                  <Button
                    asChild
                    size="lg"
                    variant="secondary"
                    className="dark:bg-primary dark:text-primary-foreground dark:hover:bg-primary/90"
                  >
                    <Link to="/browse">
                      <Trans>Explore services</Trans>
                    </Link>
                  </Button>
                  {user.role === 'TRAVELER' && (
                    <Button
                      asChild
                      size="lg"
                      variant="outline"
                      className="border-primary-foreground/40 bg-primary text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground dark:border-accent-foreground/30 dark:bg-transparent dark:text-accent-foreground dark:hover:bg-accent-foreground/10 dark:hover:text-accent-foreground"
                    >
                      {/* A signed-in traveler is offered the switch there (sign-up would bounce them). */}
                      <Link to="/dashboard/provider">
                        <Trans>Become a Provider</Trans>
                      </Link>
                    </Button>
                  )}
                  {dashboard && (
                    <Button
                      asChild
                      size="lg"
                      variant="outline"
                      className="border-primary-foreground/40 bg-primary text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground dark:border-accent-foreground/30 dark:bg-transparent dark:text-accent-foreground dark:hover:bg-accent-foreground/10 dark:hover:text-accent-foreground"
                    >
                      <Link to={dashboard}>
                        <Trans>Go to dashboard</Trans>
                      </Link>
                    </Button>
                  )}
                </>
              ) : (
                <>
                  <Button
                    asChild
                    size="lg"
                    variant="secondary"
                    className="dark:bg-primary dark:text-primary-foreground dark:hover:bg-primary/90"
                  >
                    <Link to="/auth/signup">
                      <Trans>Sign Up</Trans>
                    </Link>
                  </Button>
                  <Button
                    asChild
                    size="lg"
                    variant="outline"
                    className="border-primary-foreground/40 bg-primary text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground dark:border-accent-foreground/30 dark:bg-transparent dark:text-accent-foreground dark:hover:bg-accent-foreground/10 dark:hover:text-accent-foreground"
                  >
                    <Link to="/auth/signup?role=provider">
                      <Trans>Become a Provider</Trans>
                    </Link>
                  </Button>
                </>
              )}
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
