import { useQuery } from '@tanstack/react-query';
import { FEATURED_SERVICES_COUNT } from '@shared/domain/constants';
import { InlineLoadFailed } from '@/components/load-failed';
import { featuredServicesQuery } from './catalog-api';
import { ServiceCard, ServiceCardSkeleton } from './service-card';
import { Trans, useLingui } from '@lingui/react/macro';

const gridClass = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

/** Up to 6 featured services (docs/product.md), with skeleton cards while they load. */
export function FeaturedServices() {
  const { data, isPending, isError, refetch } = useQuery(featuredServicesQuery);
  const { t } = useLingui();

  if (isPending) {
    return (
      <ul className={gridClass} aria-label={t`Loading featured services`}>
        {Array.from({ length: FEATURED_SERVICES_COUNT }, (_, i) => (
          <li key={i}>
            <ServiceCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  if (isError) {
    return <InlineLoadFailed what={t`featured services`} onRetry={() => void refetch()} />;
  }
  if (data.length === 0) {
    return (
      <p className="text-muted-foreground">
        <Trans>New services are on their way. Check back soon.</Trans>
      </p>
    );
  }
  return (
    <ul className={gridClass}>
      {data.slice(0, FEATURED_SERVICES_COUNT).map((service) => (
        <li key={service.id}>
          <ServiceCard service={service} />
        </li>
      ))}
    </ul>
  );
}
