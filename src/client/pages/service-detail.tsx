import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCategoryName, usePricingUnit } from '@/lib/words';
import { useLocale } from '@/lib/locale';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Clock, MapPin, Star } from '@/components/icons';
import type { ServiceDetail } from '@shared/api/catalog';
import { responseLabel, type ProviderResponse } from '@shared/domain/response-time';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { BookingCard } from '@/features/catalog/booking-card';
import { serviceQuery } from '@/features/catalog/catalog-api';
import { FavoriteButton } from '@/features/catalog/favorite-button';
import { serviceRating } from '@/features/catalog/review-count';
import { RatingSummary } from '@/components/rating';
import { categoryIconGlyph, formatRating, useMoney } from '@/lib/format';
import { isNotFoundError } from '@/components/load-failed';
import { LoadFailed } from '@/components/load-failed-page';
import { PersonAvatar } from '@/components/person-avatar';
import { PhotoCarousel } from '@/features/catalog/photo-carousel';
import { ReviewList } from '@/features/catalog/review-list';
import { MessageProviderButton } from '@/features/messages/message-provider-button';
import { ReportButton } from '@/components/trust/report-button';
import { isVerified } from '@/components/verified-badge';
import { VerifiedBadge } from '@/components/verified-provider-badge';
import { useDocumentTitle } from '@/lib/document-title';
import { useServerHead } from '@/lib/render-context';
import { serviceHead } from '@shared/seo/head';
import { NotFoundPage } from './not-found';

/**
 * The provider's measured response time (decision 063): the median of the last 90 days, "New"
 * until 3 requests.
 */
function ResponseTime({ response }: { response: ProviderResponse }) {
  const { t } = useLingui();
  const label = responseLabel(response);
  let text: string;
  let title: string;
  switch (label.kind) {
    case 'new':
      text = t`New`;
      title = t`New on Locora: fewer than 3 requests so far, so no response time yet.`;
      break;
    case 'slow':
      text = t`Rarely responds`;
      title = t`Most requests of the last 90 days were not answered.`;
      break;
    default: {
      const count = label.count;
      // Inside `t`, so the reader's own locale (set for this render) words it, on the server too.
      text =
        label.kind === 'minutes'
          ? t`${plural(count, { one: 'Responds within # minute', other: 'Responds within # minutes' })}`
          : label.kind === 'hours'
            ? t`${plural(count, { one: 'Responds within # hour', other: 'Responds within # hours' })}`
            : t`${plural(count, { one: 'Responds within # day', other: 'Responds within # days' })}`;
      title = t`The median time to a first answer, over the requests of the last 90 days.`;
    }
  }
  return (
    <span className="inline-flex items-center gap-1.5" title={title} data-testid="provider-response-time">
      <Clock className="size-4" aria-hidden="true" />
      {text}
    </span>
  );
}

function ProviderCard({ service }: { service: ServiceDetail }) {
  const { provider } = service;
  return (
    <Card className="gap-0 py-0">
      <Link
        to={`/provider/${provider.userId}`}
        className="group flex items-center gap-4 rounded-xl p-4 outline-none transition-colors hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/60 sm:p-5"
      >
        <PersonAvatar name={provider.displayName} image={provider.avatar} className="size-14 text-lg" onceLive />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            <Trans>Your provider</Trans>
          </span>
          <span className="flex flex-wrap items-center gap-2">
            <span className="text-lg font-semibold group-hover:text-primary" data-testid="provider-name">
              {provider.displayName}
            </span>
            {isVerified(provider.govIdStatus) && <VerifiedBadge />}
          </span>
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1" data-testid="provider-rating">
              <span className="sr-only">
                <Trans>Provider rating:</Trans>
              </span>
              <RatingSummary rating={provider.rating} count={provider.ratingCount} long />
            </span>
            {service.providerResponse && <ResponseTime response={service.providerResponse} />}
          </span>
        </div>
        <ChevronRight className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      </Link>
    </Card>
  );
}

function ServiceDetailSkeleton() {
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:px-8">
      <div className="flex flex-col gap-6" aria-hidden="true">
        <Skeleton className="h-4 w-48" />
        <Skeleton className="aspect-[4/3] w-full rounded-xl sm:aspect-[16/10]" />
        <Skeleton className="h-5 w-24" />
        <Skeleton className="h-9 w-3/4" />
        <Skeleton className="h-5 w-64" />
        <Skeleton className="h-24 w-full rounded-xl" />
      </div>
      <Skeleton className="h-[32rem] w-full rounded-xl" />
      <span className="sr-only" role="status">
        <Trans>Loading service</Trans>
      </span>
    </div>
  );
}

/** /service/{id} (docs/product.md). A new id starts afresh (photo, chosen date). */
export function ServiceDetailPage() {
  const { id = '' } = useParams();
  return <ServiceDetailView key={id} id={id} />;
}

function ServiceDetailView({ id }: { id: string }) {
  const { data: service, error, isPending, refetch } = useQuery(serviceQuery(id));
  const { t } = useLingui();
  const categoryName = useCategoryName();
  useDocumentTitle(
    service?.title ?? (error ? (isNotFoundError(error) ? t`Page not found` : t`Service`) : t`Loading service`),
  );
  const locale = useLocale();
  const unitName = usePricingUnit();
  const money = useMoney();
  /** The head's words (search results, link previews), in the page's language. */
  const headWords = (detail: ServiceDetail) => {
    const title = detail.title;
    const city = detail.city;
    const category = categoryName(detail.category);
    const provider = detail.provider.displayName;
    const price = money(detail.price, detail.currency);
    const unit = unitName(detail.pricingUnit);
    return {
      locale,
      title: t`${title} in ${city} · Locora`,
      description: `${t`${category} in ${city} by ${provider}: ${price} ${unit}.`} ${detail.description}`,
    };
  };
  useServerHead(service && ((origin) => serviceHead(service, origin, headWords(service))));

  if (isPending) return <ServiceDetailSkeleton />;
  if (isNotFoundError(error)) return <NotFoundPage />;
  if (!service) return <LoadFailed what={t`this service`} onRetry={() => void refetch()} />;

  // The service's own rating; the provider's is on the provider card below (decision 019).
  const { rating, count } = serviceRating(service);
  const reviewCount = service.reviews.length;

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-x-10 gap-y-8 px-4 py-6 sm:px-6 sm:py-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr] lg:px-8">
      <div className="flex min-w-0 flex-col gap-6">
        <nav aria-label={t`Breadcrumb`}>
          <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
            <li>
              <Link to="/browse" className="underline-offset-4 hover:text-foreground hover:underline">
                <Trans>Browse</Trans>
              </Link>
            </li>
            <li aria-hidden="true">
              <ChevronRight className="size-4" />
            </li>
            <li>
              <Link
                to={`/browse?category=${encodeURIComponent(service.category.slug)}`}
                className="underline-offset-4 hover:text-foreground hover:underline"
              >
                {categoryName(service.category)}
              </Link>
            </li>
          </ol>
        </nav>

        <PhotoCarousel photos={service.photos} title={service.title} categorySlug={service.category.slug} />

        <div className="flex flex-col gap-3">
          <div className="flex items-start justify-between gap-4">
            <div className="flex min-w-0 flex-col gap-3">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="secondary">
                  {categoryIconGlyph(service.category.icon) && <span aria-hidden="true">{service.category.icon}</span>}
                  {categoryName(service.category)}
                </Badge>
                {!service.isActive && (
                  <Badge variant="outline" title={t`Only its provider and admins can see an inactive service`}>
                    <Trans>Inactive</Trans>
                  </Badge>
                )}
              </div>
              <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{service.title}</h1>
            </div>
            <FavoriteButton service={service} variant="outline" className="size-11 shrink-0" />
          </div>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground">
            <span className="inline-flex items-center gap-1.5">
              <MapPin className="size-4" aria-hidden="true" />
              {service.city}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Star
                className={count > 0 ? 'size-4 fill-warm text-warm' : 'size-4 text-muted-foreground/70'}
                aria-hidden="true"
              />
              {count > 0 ? (
                <>
                  <span className="font-semibold text-foreground" data-testid="service-rating">
                    {formatRating(rating)}
                  </span>
                  <span className="sr-only">
                    <Trans>out of 5,</Trans>
                  </span>
                </>
              ) : (
                <span className="font-semibold text-foreground" data-testid="service-rating">
                  <Trans>New</Trans>
                </span>
              )}
              <span>{t`(${plural(count, { one: '# review', other: '# reviews' })})`}</span>
            </span>
          </div>
        </div>

        <div className="flex flex-col gap-3">
          <ProviderCard service={service} />
          {/* Ask before booking (decision 025): the conversation becomes the booking's thread. */}
          <MessageProviderButton
            providerName={service.provider.displayName}
            providerUserId={service.provider.userId}
            services={[{ id: service.id, title: service.title }]}
            className="sm:w-auto sm:self-start"
          />
          <ReportButton targetType="service" targetId={service.id} className="self-start" />
        </div>
      </div>

      <aside
        aria-label={t`Booking`}
        className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start"
      >
        {service.bookingsClosedReason ? (
          // Payments are on and the provider cannot receive them yet (decision 038): no checkout to break.
          <Card className="gap-2 p-6" data-testid="bookings-closed">
            <h2 className="text-lg font-semibold">
              <Trans>Not accepting bookings yet</Trans>
            </h2>
            <p className="text-muted-foreground">{service.bookingsClosedReason}</p>
          </Card>
        ) : (
          <BookingCard service={service} />
        )}
      </aside>

      <div className="flex min-w-0 flex-col gap-8 lg:col-start-1 lg:row-start-2">
        <section aria-labelledby="about-heading" className="flex flex-col gap-3">
          <h2 id="about-heading" className="text-xl font-semibold">
            <Trans>About this service</Trans>
          </h2>
          <p className="leading-relaxed text-pretty wrap-anywhere whitespace-pre-line">{service.description}</p>
        </section>
        <section aria-labelledby="reviews-heading" className="flex flex-col gap-4">
          <h2 id="reviews-heading" className="text-xl font-semibold">
            <Trans>Reviews ({reviewCount})</Trans>
          </h2>
          <ReviewList
            reviews={service.reviews}
            emptyText={t`No reviews yet. Be the first to review!`}
            answerName={service.provider.displayName}
          />
        </section>
      </div>
    </div>
  );
}
