import { useMemo } from 'react';
import { intlLocale } from '@shared/domain/locales';
import { useLocale } from '@/lib/locale';
import { useViewerTimeZone } from '@/lib/viewer-clock';

/** A day as the reader's language writes it ("Mar 8, 2026", "2026年3月8日"), in the viewer's zone. */
export function useLocalDate(): (instant: string | Date) => string {
  const locale = useLocale();
  const timeZone = useViewerTimeZone();
  // One formatter per language and zone, not one per render.
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeZone });
    return (instant: string | Date) => format.format(typeof instant === 'string' ? new Date(instant) : instant);
  }, [locale, timeZone]);
}
