import { MapPin, NotebookPen } from '@/components/icons';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BookingLocation } from '@shared/api/bookings-responses';

/**
 * Where a booking happens and what the traveler asked for, as its provider or its traveler reads
 * it. The traveler sees a place's or meeting point's exact address once the booking is confirmed
 * (the API sends it only then); before, the area and the city.
 */
export function BookingWhere({
  location,
  address,
  notes,
  city,
  reader,
}: {
  location: BookingLocation | undefined;
  /** The traveler's address typed at checkout. */
  address: string | null | undefined;
  notes: string | null | undefined;
  city?: string;
  reader: 'provider' | 'traveler';
}) {
  const { t } = useLingui();
  const type = location?.type ?? 'traveler_address';
  let where: string | null;
  if (type === 'traveler_address') {
    where = !address ? null : reader === 'provider' ? t`Traveler’s address: ${address}` : t`Your address: ${address}`;
  } else {
    const label =
      type === 'meeting_point'
        ? t`Meeting point`
        : reader === 'provider'
          ? t`At your place`
          : t`At the provider’s place`;
    const exact = location?.address;
    const area = [location?.area, city].filter(Boolean).join(', ') || t`address to follow`;
    where = exact
      ? t`${label}: ${exact}`
      : reader === 'traveler'
        ? t`${label}, ${area} (the exact address is shown once the provider accepts)`
        : t`${label}, ${area}`;
  }
  if (!where && !notes) return null;
  return (
    <div className="flex w-full min-w-0 flex-col gap-1 text-sm" data-testid="booking-where">
      {where && (
        <p className="inline-flex items-start gap-1.5">
          <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="min-w-0 break-words">{where}</span>
        </p>
      )}
      {notes && (
        <p className="inline-flex items-start gap-1.5">
          <NotebookPen className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="min-w-0 break-words whitespace-pre-line">
            <Trans>Special requests: {notes}</Trans>
          </span>
        </p>
      )}
    </div>
  );
}
