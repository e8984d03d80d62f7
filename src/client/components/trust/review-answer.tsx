import { useLocale } from '@/lib/locale';
import { Trans } from '@lingui/react/macro';
import { formatDate } from '@/lib/format-date';
import { useViewerTimeZone } from '@/lib/viewer-clock';

/** A review's public answer by the reviewed side, under the review: who answered, when, and what. */
export function ReviewAnswer({
  name,
  answer,
  answeredAt,
}: {
  /** Who answered; without it, "the provider". */
  name?: string | null;
  answer: string;
  answeredAt?: string | null;
}) {
  const timeZone = useViewerTimeZone();
  const locale = useLocale();
  return (
    <div className="ml-3 flex flex-col gap-1 border-l-2 border-primary/40 pl-3 text-sm">
      <p className="font-medium">
        {name ? <Trans>Response from {name}</Trans> : <Trans>Response from the provider</Trans>}
        {answeredAt && (
          <>
            {' · '}
            <time dateTime={answeredAt} className="font-normal text-muted-foreground">
              {formatDate(answeredAt, locale, timeZone)}
            </time>
          </>
        )}
      </p>
      <p className="text-pretty wrap-anywhere whitespace-pre-line text-muted-foreground">{answer}</p>
    </div>
  );
}
