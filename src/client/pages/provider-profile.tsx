import { useParams } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Languages, MapPin, PackageOpen, Star } from '@/components/icons';
import { InlineLoadFailed, isNotFoundError } from '@/components/load-failed';
import { LoadFailed } from '@/components/load-failed-page';
import { PersonAvatar } from '@/components/person-avatar';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { isVerified } from '@/components/verified-badge';
import { VerifiedBadge } from '@/components/verified-provider-badge';
import { providerQuery, providerReviewsQuery } from '@/features/catalog/catalog-api';
import { formatRating } from '@/lib/format';
import { ReviewList, ReviewListSkeleton } from '@/features/catalog/review-list';
import { ServiceCard, ServiceCardSkeleton } from '@/features/catalog/service-card';
import { useDocumentTitle } from '@/lib/document-title';
import { useServerHead } from '@/lib/render-context';
import { providerHead } from '@shared/seo/head';
import { MessageProviderButton } from '@/features/messages/message-provider-button';
import { ReportButton } from '@/components/trust/report-button';
import { NotFoundPage } from './not-found';
import { useLocale } from '@/lib/locale';
import { useCategoryName } from '@/lib/words';
import type { PublicProvider } from '@shared/api/catalog';
import { languageName } from '@shared/domain/languages';
import { intlLocale } from '@shared/domain/locales';

function ProviderSkeleton() {
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-10 px-4 py-8 sm:px-6 lg:px-8">
      <span className="sr-only" role="status">
        <Trans>Loading provider</Trans>
      </span>
      <div className="flex flex-col gap-6 rounded-xl border bg-card p-6 sm:flex-row" aria-hidden="true">
        <Skeleton className="size-24 rounded-full sm:size-28" />
        <div className="flex flex-1 flex-col gap-3">
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-4 w-full max-w-xl" />
          <Skeleton className="h-4 w-2/3 max-w-md" />
        </div>
      </div>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
        {Array.from({ length: 3 }, (_, i) => (
          <ServiceCardSkeleton key={i} />
        ))}
      </div>
    </div>
  );
}

/** /provider/{username}, where username is the provider's user id (docs/product.md). */
export function ProviderProfilePage() {
  const { username = '' } = useParams();
  return <ProviderProfileView key={username} userId={username} />;
}

function ProviderProfileView({ userId }: { userId: string }) {
  const { data: provider, error, isPending, refetch } = useQuery(providerQuery(userId));
  // Both load at once; a missing provider is told by the profile query.
  const reviews = useQuery(providerReviewsQuery(userId));
  const { t } = useLingui();
  const locale = useLocale();
  useDocumentTitle(
    provider?.displayName ?? (error ? (isNotFoundError(error) ? t`Page not found` : t`Provider`) : t`Loading provider`),
  );
  const categoryName = useCategoryName();
  /** The head's words (search results, link previews), in the page's language. */
  const headWords = (p: PublicProvider) => {
    const name = p.displayName;
    const city = p.baseCity;
    const names = [...new Set(p.services.map((s) => categoryName(s.category)))];
    const categories = new Intl.ListFormat(intlLocale(locale), { type: 'conjunction' }).format(names);
    return {
      locale,
      title: city ? t`${name} in ${city} · Locora` : t`${name} · Locora`,
      description: categories
        ? city
          ? t`${name} offers ${categories} in ${city} on Locora.`
          : t`${name} offers ${categories} on Locora.`
        : city
          ? t`${name} offers local services in ${city} on Locora.`
          : t`${name} offers local services on Locora.`,
    };
  };
  useServerHead(provider && ((origin) => providerHead(provider, origin, headWords(provider))));

  if (isPending) return <ProviderSkeleton />;
  if (isNotFoundError(error)) return <NotFoundPage />;
  if (!provider) return <LoadFailed what={t`this provider`} onRetry={() => void refetch()} />;

  const serviceCount = provider._count.services;
  const ratingCount = provider.ratingCount;
  const reviewCount = reviews.data?.length;

  return (
    <div className="flex flex-col">
      <div className="border-b bg-gradient-to-b from-hero-from/50 to-background">
        <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
          <Card className="py-0">
            <CardContent className="flex flex-col gap-6 p-6 sm:flex-row sm:items-start sm:p-8">
              <PersonAvatar
                name={provider.displayName}
                image={provider.avatar}
                sizes="112px"
                className="size-24 border-4 border-background text-3xl shadow-md sm:size-28"
              />
              <div className="flex min-w-0 flex-1 flex-col gap-4">
                <div className="flex flex-col gap-2">
                  <div className="flex flex-wrap items-center gap-3">
                    <h1 className="text-3xl font-bold tracking-tight">{provider.displayName}</h1>
                    {isVerified(provider.govIdStatus) && <VerifiedBadge className="text-sm" />}
                  </div>
                  <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-muted-foreground">
                    <span className="inline-flex items-center gap-1.5">
                      <Star className="size-4 fill-warm text-warm" aria-hidden="true" />
                      {provider.ratingCount > 0 ? (
                        <>
                          <span className="font-semibold text-foreground" data-testid="provider-rating">
                            {formatRating(provider.rating)}
                          </span>
                          <span className="sr-only">
                            <Trans>out of 5,</Trans>
                          </span>
                        </>
                      ) : (
                        <span className="font-semibold text-foreground">
                          <Trans>New</Trans>
                        </span>
                      )}
                      <span>{t`(${plural(ratingCount, { one: '# review', other: '# reviews' })})`}</span>
                    </span>
                    {provider.baseCity && (
                      <span className="inline-flex items-center gap-1.5">
                        <MapPin className="size-4" aria-hidden="true" />
                        {provider.baseCity}
                      </span>
                    )}
                  </div>
                </div>
                {provider.languages.length > 0 && (
                  <div className="flex flex-wrap items-center gap-2">
                    <Languages className="size-4 text-muted-foreground" aria-hidden="true" />
                    <span className="sr-only">
                      <Trans>Languages:</Trans>
                    </span>
                    <ul className="flex flex-wrap gap-2">
                      {provider.languages.map((language) => (
                        <li key={language}>
                          <Badge variant="outline">{languageName(language, locale)}</Badge>
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
                {provider.bio && (
                  <p className="max-w-3xl leading-relaxed text-pretty wrap-anywhere whitespace-pre-line">
                    {provider.bio}
                  </p>
                )}
                {/* Ask before booking (decision 025): about one of their services, chosen in the dialog. */}
                <MessageProviderButton
                  providerName={provider.displayName}
                  providerUserId={provider.userId}
                  services={provider.services.map((s) => ({ id: s.id, title: s.title }))}
                  className="sm:w-auto sm:self-start"
                />
                <ReportButton targetType="provider" targetId={provider.userId} className="self-start" />
              </div>
            </CardContent>
          </Card>
        </div>
      </div>

      <div className="mx-auto flex w-full max-w-7xl flex-col gap-12 px-4 py-10 sm:px-6 lg:px-8">
        <section aria-labelledby="services-heading" className="flex flex-col gap-5">
          <h2 id="services-heading" className="text-2xl font-bold tracking-tight">
            <Trans>Services ({serviceCount})</Trans>
          </h2>
          {provider.services.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-10 text-center">
              <PackageOpen className="size-8 text-muted-foreground" aria-hidden="true" />
              <p className="text-muted-foreground">
                <Trans>No services available yet.</Trans>
              </p>
            </div>
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {provider.services.map((service, i) => (
                <li key={service.id}>
                  <ServiceCard service={service} imageLoading={i < 3 ? 'eager' : 'lazy'} />
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="provider-reviews-heading" className="flex max-w-4xl flex-col gap-5">
          <h2 id="provider-reviews-heading" className="text-2xl font-bold tracking-tight">
            {reviewCount === undefined ? <Trans>Reviews</Trans> : <Trans>Reviews ({reviewCount})</Trans>}
          </h2>
          {reviews.isPending ? (
            <ReviewListSkeleton />
          ) : reviews.data ? (
            <ReviewList
              reviews={reviews.data}
              emptyText={t`No reviews yet.`}
              showService
              answerName={provider.displayName}
              linkableServiceIds={new Set(provider.services.map((s) => s.id))}
            />
          ) : (
            <InlineLoadFailed what={t`the reviews`} onRetry={() => void reviews.refetch()} />
          )}
        </section>
      </div>
    </div>
  );
}
