import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AdminServicePage, AdminStats, AuditPage, PendingProvider } from '@shared/api/admin-responses';
import type { Category } from '@shared/api/catalog-responses';
import { splitLocalePath } from '@shared/domain/locale-path';
import type { AdminDisputeFilter, SubmitDisputeEvidence } from '@shared/api/admin';
import type {
  AdminBooking,
  AdminDispute,
  AdminPayments,
  ManualSettlement,
  ReadStripeFeesResult,
  ReconcileResult,
  ReconciliationDifference,
} from '@shared/api/earnings';
import { apiJson } from '@/lib/api';
import { adminReportsQuery } from '@/lib/trust-api';

/**
 * The admin's calls. Query keys are the request paths (the generic fetcher's convention of
 * docs/product.md).
 */
export const adminStatsQuery = queryOptions({
  queryKey: ['/api/admin/stats'],
  queryFn: () => apiJson<AdminStats>('GET', '/api/admin/stats'),
});

/** The payments view (decision 039). */
export const DISPUTE_FILTERS = ['open', 'won', 'lost', 'all'] as const satisfies readonly AdminDisputeFilter[];

/** The list asked for in the address (`?status=`): open unless another known one. */
export function disputeFilterOf(url: { searchParams: URLSearchParams }): AdminDisputeFilter {
  const asked = url.searchParams.get('status');
  return DISPUTE_FILTERS.find((f) => f === asked) ?? 'open';
}

/** GET /api/admin/disputes: open ones by deadline, won, lost or all. */
export function adminDisputesQuery(status: AdminDisputeFilter) {
  return queryOptions({
    queryKey: ['/api/admin/disputes', status],
    queryFn: () => apiJson<AdminDispute[]>('GET', `/api/admin/disputes?status=${status}`),
  });
}

/** POST /api/admin/disputes/{id}/evidence: answers a dispute through Stripe, once. */
export function submitDisputeEvidenceRequest({ id, ...input }: { id: string } & SubmitDisputeEvidence) {
  return apiJson<AdminDispute>('POST', `/api/admin/disputes/${encodeURIComponent(id)}/evidence`, input);
}

export const adminPaymentsQuery = queryOptions({
  queryKey: ['/api/admin/payments'],
  queryFn: () => apiJson<AdminPayments>('GET', '/api/admin/payments'),
});

/** One booking with its messages, for a dispute's evidence (opening it is audit-logged). */
export function adminBookingQuery(id: string) {
  return queryOptions({
    queryKey: ['/api/admin/bookings', id],
    queryFn: () => apiJson<AdminBooking>('GET', `/api/admin/bookings/${encodeURIComponent(id)}`),
  });
}

export function readStripeFeesRequest() {
  return apiJson<ReadStripeFeesResult>('POST', '/api/admin/payments/stripe-fees');
}

/** A booking paid before payouts existed, settled with its provider by hand (audit-logged). */
export function settleByHandRequest({ bookingId, note }: { bookingId: string; note: string }) {
  return apiJson<ManualSettlement>('POST', `/api/admin/payments/bookings/${encodeURIComponent(bookingId)}/settle`, {
    note,
  });
}

/** A reconciliation with Stripe now (audit-logged). */
export function reconcileRequest() {
  return apiJson<ReconcileResult>('POST', '/api/admin/payments/reconcile');
}

/** A difference with Stripe explained by an admin, with a note (audit-logged). */
export function explainDifferenceRequest({ id, note }: { id: string; note: string }) {
  return apiJson<ReconciliationDifference>(
    'POST',
    `/api/admin/payments/differences/${encodeURIComponent(id)}/explain`,
    {
      note,
    },
  );
}

export const pendingProvidersQuery = queryOptions({
  queryKey: ['/api/admin/providers/pending'],
  queryFn: () => apiJson<PendingProvider[]>('GET', '/api/admin/providers/pending'),
});

export function auditLogQuery(page: number) {
  return queryOptions({
    queryKey: ['/api/admin/audit-log', { page }],
    queryFn: () => apiJson<AuditPage>('GET', `/api/admin/audit-log?page=${page}`),
    placeholderData: keepPreviousData,
  });
}

export function adminServicesQuery(q: string, page: number) {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return queryOptions({
    queryKey: ['/api/admin/services', { q, page }],
    queryFn: () => apiJson<AdminServicePage>('GET', `/api/admin/services${search ? `?${search}` : ''}`),
    placeholderData: keepPreviousData,
  });
}

/** The address of a provider's identity document (admins only; never a public URL). */
export function idDocumentUrl(providerId: string): string {
  return `/api/admin/providers/${encodeURIComponent(providerId)}/id-document`;
}

export function verifyProviderRequest(id: string, govIdStatus: 'APPROVED' | 'REJECTED', reason?: string) {
  return apiJson<unknown>('PATCH', `/api/admin/providers/${encodeURIComponent(id)}/verify`, {
    govIdStatus,
    ...(reason ? { reason } : {}),
  });
}

export function setServiceStatusRequest(id: string, isActive: boolean) {
  return apiJson<unknown>('PATCH', `/api/admin/services/${encodeURIComponent(id)}/status`, { isActive });
}

export function deleteServiceRequest(id: string) {
  return apiJson<{ ok: true }>('DELETE', `/api/admin/services/${encodeURIComponent(id)}`);
}

export function createCategoryRequest(input: { name: string; slug: string; icon?: string }) {
  return apiJson<{ category: Category }>('POST', '/api/admin/categories', input);
}

export function deleteCategoryRequest(id: string) {
  return apiJson<{ ok: true }>('DELETE', `/api/admin/categories/${encodeURIComponent(id)}`);
}

/**
 * After an admin decision: the admin's own lists and numbers, and every public list that may
 * show what changed (search, featured, service pages, provider profiles, categories).
 */
export function invalidateAfterAdminChange(queryClient: QueryClient) {
  for (const key of [
    '/api/admin/stats',
    '/api/admin/providers/pending',
    '/api/admin/services',
    '/api/admin/audit-log',
    '/api/categories',
    '/api/services',
    '/api/services/featured',
    '/api/providers',
  ]) {
    void queryClient.invalidateQueries({ queryKey: [key] });
  }
}

/**
 * What an admin page shows first (the server's route loader prefetches it), in every language:
 * '/ja/admin/payments' is the payments page.
 */
export function prefetchAdminPage(queryClient: QueryClient, url: URL) {
  const path = splitLocalePath(url.pathname).path.replace(/\/+$/, '');
  if (path === '/admin') {
    return Promise.all([queryClient.prefetchQuery(adminStatsQuery), queryClient.prefetchQuery(auditLogQuery(1))]);
  }
  if (path === '/admin/providers') return queryClient.prefetchQuery(pendingProvidersQuery);
  if (path === '/admin/payments') return queryClient.prefetchQuery(adminPaymentsQuery);
  if (path === '/admin/reports') return queryClient.prefetchQuery(adminReportsQuery);
  if (path === '/admin/disputes') return queryClient.prefetchQuery(adminDisputesQuery(disputeFilterOf(url)));
  if (path === '/admin/services') {
    const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
    return queryClient.prefetchQuery(adminServicesQuery(url.searchParams.get('q')?.trim() ?? '', page));
  }
  return Promise.resolve();
}

/** PATCH /api/admin/categories/{id}: a new name and icon (an empty icon clears it). */
export function updateCategoryRequest(id: string, input: { name: string; icon: string | null }) {
  return apiJson<{ category: Category }>('PATCH', `/api/admin/categories/${encodeURIComponent(id)}`, input);
}
