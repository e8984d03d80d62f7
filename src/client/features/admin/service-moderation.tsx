import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Search, Store, Trash2 } from '@/components/icons';
import type { AdminService } from '@shared/api/admin-responses';
import { InlineLoadFailed } from '@/components/load-failed';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { Money } from '@/components/money';
import { useDebouncedText } from '@/lib/use-debounced-text';
import { usePricingUnit } from '@/lib/words';
import {
  adminServicesQuery,
  deleteServiceRequest,
  invalidateAfterAdminChange,
  setServiceStatusRequest,
} from './admin-api';
import { ConfirmDialog } from '@/components/confirm-dialog';

function ServiceCard({ service, onDelete }: { service: AdminService; onDelete: () => void }) {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const unitName = usePricingUnit();
  const switchId = `active-${service.id}`;
  const title = service.title;
  const provider = service.provider.displayName;
  const category = service.category.name;
  const status = useMutation({
    mutationFn: (isActive: boolean) => setServiceStatusRequest(service.id, isActive),
    onSuccess: () => {
      invalidateAfterAdminChange(queryClient);
      toast({ title: t`Service status updated` });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t`Failed to update service status`,
        description: errorMessage(error, t`Please try again.`),
      }),
  });
  const isActive = status.isPending ? Boolean(status.variables) : service.isActive;
  return (
    <li
      data-testid="admin-service"
      data-active={isActive}
      data-paused={service.isPaused}
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 className="line-clamp-2 text-base leading-snug font-semibold">{service.title}</h2>
          <p className="truncate text-sm text-muted-foreground">
            <Trans>
              by {provider} · {category}
            </Trans>
          </p>
        </div>
        {isActive ? (
          <Badge className="border-transparent bg-emerald-100 text-emerald-900 dark:bg-emerald-500/20 dark:text-emerald-200">
            <Trans>Active</Trans>
          </Badge>
        ) : (
          <Badge variant="destructive">
            <Trans>Inactive</Trans>
          </Badge>
        )}
      </div>
      {service.isPaused && (
        <p className="text-xs text-muted-foreground">
          <Trans>Paused by its provider</Trans>
        </p>
      )}
      <p className="line-clamp-3 text-sm text-muted-foreground">{service.description || t`No description`}</p>
      <p className="flex items-baseline gap-1">
        <span className="text-lg font-bold" data-testid="admin-service-price">
          <Money amount={service.price} currency={service.currency} />
        </span>
        <span className="text-sm text-muted-foreground">{unitName(service.pricingUnit)}</span>
      </p>
      <div className="mt-auto flex items-center justify-between gap-3 border-t pt-3">
        <div className="flex items-center gap-2">
          <Switch
            id={switchId}
            checked={isActive}
            disabled={status.isPending}
            onCheckedChange={(next) => status.mutate(next)}
            aria-label={t`Active: ${title}`}
          />
          <Label htmlFor={switchId}>
            <Trans>Active</Trans>
          </Label>
        </div>
        <Button
          size="sm"
          variant="ghost"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          onClick={onDelete}
          aria-label={t`Delete ${title}`}
        >
          <Trash2 aria-hidden="true" />
          <Trans>Delete</Trans>
        </Button>
      </div>
    </li>
  );
}

/** /admin/services: every service, searchable by title or provider, a page at a time (docs/product.md). */
export function ServiceModeration() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const services = useQuery(adminServicesQuery(q, page));
  const [deleting, setDeleting] = useState<AdminService | null>(null);
  const { t } = useLingui();
  const deletingTitle = deleting?.title;

  const search = useDebouncedText(q, (value) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set('q', value);
        else next.delete('q');
        next.delete('page');
        return next;
      },
      { replace: true },
    ),
  );

  const goTo = (n: number) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (n > 1) next.set('page', String(n));
      else next.delete('page');
      return next;
    });

  const remove = useMutation({
    mutationFn: (id: string) => deleteServiceRequest(id),
    onSuccess: () => {
      invalidateAfterAdminChange(queryClient);
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

  const pages = services.data ? Math.max(1, Math.ceil(services.data.total / services.data.pageSize)) : 1;
  const total = services.data?.total ?? 0;

  return (
    <section className="flex flex-col gap-4" aria-label={t`Services`}>
      <form
        role="search"
        className="flex max-w-md flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          search.flush();
        }}
      >
        <Label htmlFor="admin-service-search">
          <Trans>Search by title or provider</Trans>
        </Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="admin-service-search"
            type="search"
            className="pl-9"
            value={search.text}
            onValueChange={(value) => search.setText(value)}
            placeholder={t`e.g. yoga or Ana`}
          />
        </div>
      </form>

      {services.isError ? (
        <InlineLoadFailed what={t`the services`} onRetry={() => void services.refetch()} />
      ) : services.isPending ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={t`Loading services`}>
          {[0, 1, 2].map((i) => (
            <li key={i} className="flex flex-col gap-3 rounded-xl border p-4">
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-16 w-full" />
            </li>
          ))}
        </ul>
      ) : services.data.services.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-16 text-center">
          <Store className="size-10 text-muted-foreground" aria-hidden="true" />
          {services.data.total > 0 ? (
            // A page past the last one (an old link, or services deleted meanwhile): say so, and go back.
            <>
              <p className="text-lg font-medium">
                <Trans>
                  Page {page} is past the last page ({pages}).
                </Trans>
              </p>
              <Button variant="outline" size="sm" onClick={() => goTo(pages)}>
                <Trans>Go to page {pages}</Trans>
              </Button>
            </>
          ) : (
            <p className="text-lg font-medium">{q ? t`No services match "${q}"` : t`No services yet`}</p>
          )}
        </div>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t`${plural(total, { one: '# service', other: '# services' })}`}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {services.data.services.map((s) => (
              <ServiceCard key={s.id} service={s} onDelete={() => setDeleting(s)} />
            ))}
          </ul>
          {pages > 1 && (
            <nav aria-label={t`Pages`} className="flex items-center justify-between gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                <Trans>Previous</Trans>
              </Button>
              <span className="text-sm text-muted-foreground">
                <Trans>
                  Page {page} of {pages}
                </Trans>
              </span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => goTo(page + 1)}>
                <Trans>Next</Trans>
              </Button>
            </nav>
          )}
        </>
      )}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t`Are you sure you want to delete this service?`}
        description={
          deletingTitle ? t`"${deletingTitle}" leaves the marketplace; its bookings and reviews are kept.` : undefined
        }
        confirmLabel={t`Delete`}
        isPending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </section>
  );
}
