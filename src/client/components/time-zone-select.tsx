import { useLingui } from '@lingui/react/macro';
import { useId, useMemo } from 'react';
import { zoneCity, zonePickerOptions } from '@shared/domain/time';
import { FormField } from '@/components/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { useHydrated } from '@/lib/hydration';
import { useLocale } from '@/lib/locale';

/**
 * Zones offered in pickers, roughly west to east (the server-rendered order; once hydrated they
 * are sorted by their offset today, then name, skipping any the browser does not know, and the
 * chosen zone is added when it is not among them).
 */
export const COMMON_TIME_ZONES: readonly string[] = [
  'Pacific/Pago_Pago',
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Denver',
  'America/Phoenix',
  'America/Chicago',
  'America/Mexico_City',
  'America/New_York',
  'America/Toronto',
  'America/Bogota',
  'America/Lima',
  'America/Caracas',
  'America/Halifax',
  'America/Santiago',
  'America/Sao_Paulo',
  'America/Argentina/Buenos_Aires',
  'Atlantic/Azores',
  'Atlantic/Reykjavik',
  'Europe/Lisbon',
  'Europe/London',
  'Africa/Casablanca',
  'Africa/Lagos',
  'Europe/Madrid',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Rome',
  'Europe/Amsterdam',
  'Africa/Cairo',
  'Africa/Johannesburg',
  'Europe/Athens',
  'Europe/Istanbul',
  'Africa/Nairobi',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Jakarta',
  'Asia/Makassar',
  'Asia/Singapore',
  'Asia/Hong_Kong',
  'Asia/Shanghai',
  'Asia/Manila',
  'Asia/Seoul',
  'Asia/Tokyo',
  'Australia/Perth',
  'Australia/Adelaide',
  'Australia/Sydney',
  'Pacific/Auckland',
  'Pacific/Fiji',
  'Pacific/Kiritimati',
];

/**
 * A labelled select of common IANA zones ('Lisbon (UTC+1)'), with an empty 'Choose…' option when
 * nothing is chosen yet. `value` is added to the list when it is not a common zone.
 */
export function TimeZoneSelect({
  value,
  onChange,
  label: labelProp,
  description,
  required = false,
  disabled = false,
}: {
  value: string;
  onChange: (zone: string) => void;
  label?: string;
  description?: string;
  required?: boolean;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const label = labelProp ?? t`Time zone`;
  const id = useId();
  // The offsets come from the browser's own zone data (the server's may differ: Casablanca), so a
  // server-rendered select names the cities and adds the offsets once hydrated.
  const hydrated = useHydrated();
  const locale = useLocale();
  // Once hydrated: ordered by today's offset (west to east), then by name ('São Paulo (UTC−3)').
  const options = useMemo(() => {
    const zones = value && !COMMON_TIME_ZONES.includes(value) ? [value, ...COMMON_TIME_ZONES] : COMMON_TIME_ZONES;
    return hydrated
      ? zonePickerOptions(zones, new Date(), locale)
      : zones.map((zone) => ({ zone, label: zoneCity(zone, locale) }));
  }, [value, hydrated, locale]);
  return (
    <FormField id={id} label={label}>
      <NativeSelect
        id={id}
        name="timeZone"
        value={value}
        required={required}
        disabled={disabled}
        aria-describedby={description ? `${id}-help` : undefined}
        onValueChange={(value) => onChange(value)}
      >
        <option value="">{t`Choose your time zone…`}</option>
        {options.map((o) => (
          <option key={o.zone} value={o.zone}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
      {description && (
        <p id={`${id}-help`} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
    </FormField>
  );
}
