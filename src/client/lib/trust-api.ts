import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  adminReportListSchema,
  answerResponseSchema,
  suspensionResponseSchema,
  travelerCardSchema,
  writtenReviewSchema,
  type ReportAction,
} from '@shared/api/trust-responses';
import { apiJson, apiRequest } from '@/lib/api';

/** The calls of reviews both ways, answers and moderation (decision 050, 051). */

/** POST /api/provider/reviews: the provider's review of the traveler. */
export async function reviewTravelerRequest(input: { bookingId: string; rating: number; text: string }) {
  return writtenReviewSchema.parse(await apiJson<unknown>('POST', '/api/provider/reviews', input)).review;
}

/** POST /api/reviews/{id}/answer: the reviewed side's public answer (once; changed for 48 hours). */
export async function answerReviewRequest(reviewId: string, text: string) {
  return answerResponseSchema.parse(
    await apiJson<unknown>('POST', `/api/reviews/${encodeURIComponent(reviewId)}/answer`, { text }),
  ).review;
}

/** GET /api/travelers/{id}: the traveler's card (their record and providers' published reviews). */
export function travelerCardQuery(travelerId: string) {
  return queryOptions({
    queryKey: ['/api/travelers', travelerId] as const,
    queryFn: async ({ signal }) => {
      const res = await apiRequest('GET', `/api/travelers/${encodeURIComponent(travelerId)}`, undefined, { signal });
      return travelerCardSchema.parse(await res.json());
    },
  });
}

export const adminReportsQuery = queryOptions({
  queryKey: ['/api/admin/reports'] as const,
  queryFn: async ({ signal }) => {
    const res = await apiRequest('GET', '/api/admin/reports', undefined, { signal });
    return adminReportListSchema.parse(await res.json());
  },
});

export function resolveReportRequest(reportId: string, action: ReportAction, reason: string) {
  return apiJson<unknown>('POST', `/api/admin/reports/${encodeURIComponent(reportId)}/resolve`, { action, reason });
}

export async function suspensionRequest(userId: string, lift: boolean, reason: string) {
  return suspensionResponseSchema.parse(
    await apiJson<unknown>('POST', `/api/admin/users/${encodeURIComponent(userId)}/${lift ? 'unsuspend' : 'suspend'}`, {
      reason,
    }),
  );
}

/** After a review or an answer: every list that shows bookings or reviews. */
export function invalidateAfterTrustChange(queryClient: QueryClient) {
  for (const key of ['/api/bookings', '/api/provider/bookings', '/api/services', '/api/providers', '/api/travelers'])
    void queryClient.invalidateQueries({ queryKey: [key] });
}
