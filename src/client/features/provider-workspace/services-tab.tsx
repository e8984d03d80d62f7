import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MapPin, Pause, Pencil, Play, Plus, Store, Trash2 } from '@/components/icons';
import type { Category } from '@shared/api/catalog-responses';
import type { ProviderService } from '@shared/api/provider-workspace';
import { InlineLoadFailed } from '@/components/load-failed';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { Money } from '@/components/money';
import { fallbackPhoto, PLACEHOLDER_PHOTO } from '@/lib/format';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePricingUnit } from '@/lib/words';
import { ServiceDialog } from './service-dialog';
import {
  deleteServiceRequest,
  invalidateAfterServiceChange,
  providerServicesQuery,
  providerSetupQuery,
  updateServiceRequest,
} from './workspace-api';

/** Which of the three a service is: live, paused by its provider, or deactivated by an admin. */
export function serviceState(service: Pick<ProviderService, 'isActive' | 'isPaused'>) {
  if (!service.isActive) return 'inactive' as const;
  if (service.isPaused) return 'paused' as const;
  return 'active' as const;
}

function StateBadge({ service }: { service: ProviderService }) {
  const { t } = useLingui();
  const canBeBooked = useQuery(providerSetupQuery).data?.canBeBooked ?? true;
  const state = serviceState(service);
  if (state === 'inactive')
    return (
      <Badge variant="destructive">
        <Trans>Inactive</Trans>
      </Badge>
    );
  if (state === 'paused')
    return (
      <Badge variant="secondary">
        <Trans>Paused</Trans>
      </Badge>
    );
  // Live, but travelers cannot book it (nor find it) until payouts are set up.
  if (!canBeBooked)
    return (
      <Badge className="border-transparent bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100">
        {t`Not bookable yet`}
      </Badge>
    );
  return (
    // Opaque in both themes: it sits on the cover photo, through which a tinted badge fades away.
    <Badge className="border-transparent bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
      <Trans>Active</Trans>
    </Badge>
  );
}

/** `first`: the list's first card, on screen when the page opens (often its largest paint), fetched at once. */
function CoverPhoto({ service, first }: { service: ProviderService; first: boolean }) {
  const candidates = [service.photos[0], fallbackPhoto(service.category.slug), PLACEHOLDER_PHOTO].filter(
    Boolean,
  ) as string[];
  const [failed, setFailed] = useState(0);
  const src = candidates[Math.min(failed, candidates.length - 1)];
  return (
    <img
      src={src}
      alt=""
      width={800}
      height={600}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : undefined}
      decoding="async"
      onError={() => setFailed((n) => (n < candidates.length - 1 ? n + 1 : n))}
      className="size-full bg-muted object-cover"
    />
  );
}

function ServiceItem({
  service,
  first,
  onEdit,
  onDelete,
}: {
  service: ProviderService;
  first: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const unitName = usePricingUnit();
  const state = serviceState(service);
  const pause = useMutation({
    mutationFn: (isPaused: boolean) => updateServiceRequest(service.id, { isPaused }),
    onSuccess: ({ service: next }) => {
      invalidateAfterServiceChange(queryClient);
      toast(
        next.isPaused
          ? { title: t`Service paused`, description: t`Travelers will not see it until you resume it.` }
          : {
              title: t`Service resumed`,
              description: next.isActive
                ? t`Your service is live again.`
                : t`It stays hidden until an admin reactivates it.`,
            },
      );
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t`Failed to update service`,
        description: errorMessage(error, t`Please try again later.`),
      }),
  });

  return (
    <li data-testid="provider-service" className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm">
      <div className="relative aspect-[4/3] overflow-hidden bg-muted">
        <CoverPhoto service={service} first={first} />
        <div className="absolute top-3 left-3">
          <StateBadge service={service} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-2 text-base leading-snug font-semibold">{service.title}</h3>
        {state === 'inactive' && (
          <p className="text-sm font-medium text-destructive">
            <Trans>Inactive — deactivated by an admin</Trans>
          </p>
        )}
        {state === 'paused' && (
          <p className="text-sm text-muted-foreground">
            <Trans>Paused — hidden from travelers</Trans>
          </p>
        )}
        <p className="line-clamp-2 text-sm text-muted-foreground">{service.description}</p>
        <p className="inline-flex min-w-0 items-center gap-1 text-sm text-muted-foreground">
          <MapPin className="size-4 shrink-0" aria-hidden="true" />
          <span className="truncate">{service.city}</span>
        </p>
        <p className="mt-auto flex items-baseline gap-1 border-t pt-3">
          <span className="text-lg font-bold" data-testid="service-price">
            <Money amount={service.price} currency={service.currency} />
          </span>
          <span className="text-sm text-muted-foreground">{unitName(service.pricingUnit)}</span>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={t`Edit ${service.title}`}>
            <Pencil aria-hidden="true" />
            <Trans>Edit</Trans>
          </Button>
          {/* A service an admin deactivated stays inactive whatever its provider does: no switch to offer. */}
          {service.isActive && (
            <Button
              size="sm"
              variant="outline"
              onClick={() => pause.mutate(!service.isPaused)}
              disabled={pause.isPending}
              aria-label={service.isPaused ? t`Resume ${service.title}` : t`Pause ${service.title}`}
            >
              {service.isPaused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
              {service.isPaused ? <Trans>Resume</Trans> : <Trans>Pause</Trans>}
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            onClick={onDelete}
            aria-label={t`Delete ${service.title}`}
          >
            <Trash2 aria-hidden="true" />
            <Trans>Delete</Trans>
          </Button>
        </div>
      </div>
    </li>
  );
}

type DialogState = { key: number; service?: ProviderService } | null;

/** docs/product.md, provider dashboard, Services tab. */
export function ServicesTab({ categories }: { categories: readonly Category[] }) {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const services = useQuery(providerServicesQuery);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [deleting, setDeleting] = useState<ProviderService | null>(null);
  const [openings, setOpenings] = useState(0);

  const remove = useMutation({
    mutationFn: (id: string) => deleteServiceRequest(id),
    onSuccess: () => {
      invalidateAfterServiceChange(queryClient);
      setDeleting(null);
      toast({ title: t`Service deleted`, description: t`The service has been removed.` });
    },
    onError: (error) => {
      setDeleting(null);
      toast({
        variant: 'destructive',
        title: t`Failed to delete service`,
        description: errorMessage(error, t`Please try again later.`),
      });
    },
  });

  function open(service?: ProviderService) {
    setOpenings((n) => n + 1);
    setDialog({ key: openings + 1, service });
  }

  return (
    <section aria-labelledby="services-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="services-heading" className="text-xl font-semibold">
          <Trans>Your services</Trans>
        </h2>
        <Button onClick={() => open()}>
          <Plus aria-hidden="true" />
          <Trans>Create Service</Trans>
        </Button>
      </div>

      {services.isPending ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={t`Loading services`}>
          {[0, 1, 2].map((i) => (
            <li key={i} className="flex flex-col gap-3 rounded-xl border p-4">
              <Skeleton className="aspect-[4/3] w-full" />
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-4 w-full" />
            </li>
          ))}
        </ul>
      ) : services.isError ? (
        <InlineLoadFailed what={t`your services`} onRetry={() => void services.refetch()} />
      ) : services.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-12 text-center">
          <Store className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="text-lg font-semibold">
            <Trans>No services yet</Trans>
          </p>
          <p className="text-muted-foreground">
            <Trans>Create your first service to start receiving bookings</Trans>
          </p>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {services.data.map((s, index) => (
            <ServiceItem
              key={s.id}
              service={s}
              first={index === 0}
              onEdit={() => open(s)}
              onDelete={() => setDeleting(s)}
            />
          ))}
        </ul>
      )}

      {dialog && (
        <ServiceDialog
          key={dialog.key}
          open
          onOpenChange={(isOpen) => !isOpen && setDialog(null)}
          categories={categories}
          service={dialog.service}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(isOpen) => !isOpen && setDeleting(null)}
        title={deleting ? t`Delete “${deleting.title}”?` : t`Delete service?`}
        description={t`Are you sure you want to delete this service?`}
        confirmLabel={t`Delete`}
        isPending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </section>
  );
}
