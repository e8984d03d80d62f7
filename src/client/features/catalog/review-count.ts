import type { Service } from '@shared/api/catalog';

/** The service's own review count; only when it is missing, the provider's (SPEC.md section 3, Service). */
export function reviewCount(service: Pick<Service, 'provider'> & { _count?: { reviews?: number } }): number {
  return service._count?.reviews ?? service.provider.ratingCount;
}
