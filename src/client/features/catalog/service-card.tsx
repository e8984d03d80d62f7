import { Link } from 'react-router';
import { MapPin } from '@/components/icons';
import type { Service } from '@shared/api/catalog';
import { PersonAvatar } from '@/components/person-avatar';
import { PriceEstimate } from '@/components/price-estimate';
import { RatingSummary } from '@/components/rating';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { isVerified, VerifiedMark } from '@/components/verified-badge';
import { cn } from '@/lib/utils';
import { FavoriteButton } from './favorite-button';
import { Money } from '@/components/money';
import { serviceRating } from './review-count';
import { ServicePhoto } from './service-photo';
import { useCategoryName, usePricingUnit } from '@/lib/words';

/**
 * A service in a grid (home, browse, provider page). The whole card opens the service (its title
 * link is stretched over it); the provider link and the heart sit above that layer.
 */
export function ServiceCard({
  service,
  imageLoading = 'lazy',
  imagePriority = false,
  headingLevel = 'h3',
  className,
}: {
  service: Service;
  /** 'eager' for cards in the first screenful. */
  imageLoading?: 'eager' | 'lazy';
  /** For the card whose photo is the page's largest picture (its LCP element): fetched first. */
  imagePriority?: boolean;
  headingLevel?: 'h2' | 'h3';
  className?: string;
}) {
  const Heading = headingLevel;
  const categoryName = useCategoryName();
  const unitName = usePricingUnit();
  const { provider } = service;
  return (
    <article
      data-testid="service-card"
      className={cn(
        'group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md',
        className,
      )}
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-muted">
        <ServicePhoto
          src={service.photos[0]}
          categorySlug={service.category.slug}
          alt=""
          loading={imageLoading}
          priority={imagePriority}
          className="transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:group-hover:scale-100"
        />
        <Badge variant="secondary" className="absolute top-3 left-3 shadow-sm">
          {categoryName(service.category)}
        </Badge>
        <FavoriteButton service={service} className="absolute top-2.5 right-2.5 z-10" />
      </div>

      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-center justify-between gap-2 text-sm">
          <span className="inline-flex min-w-0 items-center gap-1 text-muted-foreground">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            <span className="truncate" data-testid="card-city">
              {service.city}
            </span>
          </span>
          <RatingSummary {...serviceRating(service)} className="shrink-0" />
        </div>

        <Heading className="line-clamp-2 text-base leading-snug font-semibold">
          <Link
            to={`/service/${service.id}`}
            className="rounded-sm outline-none after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:text-primary focus-visible:after:ring-[3px] focus-visible:after:ring-ring/60 focus-visible:after:ring-inset"
          >
            {service.title}
          </Link>
        </Heading>

        <div className="relative z-10 flex min-w-0 items-center gap-2 text-sm">
          <PersonAvatar name={provider.displayName} image={provider.avatar} className="size-6 text-[10px]" />
          <Link
            to={`/provider/${provider.userId}`}
            className="truncate rounded-sm text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
          >
            {provider.displayName}
          </Link>
          {isVerified(provider.govIdStatus) && <VerifiedMark />}
        </div>

        <p className="mt-auto flex flex-wrap items-baseline gap-x-1 border-t pt-3">
          <span className="text-lg font-bold" data-testid="card-price">
            <Money amount={service.price} currency={service.currency} />
          </span>
          <span className="text-sm text-muted-foreground">{unitName(service.pricingUnit)}</span>
          <PriceEstimate amount={service.price} currency={service.currency} className="ml-auto" />
        </p>
      </div>
    </article>
  );
}

/** The same shape as a card, while services load. */
export function ServiceCardSkeleton() {
  return (
    <div data-testid="service-card-skeleton" className="flex flex-col overflow-hidden rounded-xl border bg-card">
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="flex flex-col gap-3 p-4">
        <div className="flex justify-between">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 w-14" />
        </div>
        <Skeleton className="h-5 w-4/5" />
        <div className="flex items-center gap-2">
          <Skeleton className="size-6 rounded-full" />
          <Skeleton className="h-4 w-32" />
        </div>
        <Skeleton className="mt-1 h-6 w-24" />
      </div>
    </div>
  );
}
