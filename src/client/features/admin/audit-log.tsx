import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Locale } from '@shared/domain/locales';
import { formatDateIn, formatTimeIn } from '@shared/domain/time';
import { useQuery } from '@tanstack/react-query';
import { History } from '@/components/icons';
import type { AuditEntry } from '@shared/api/admin-responses';
import { InlineLoadFailed } from '@/components/load-failed';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useLocale } from '@/lib/locale';
import { auditLogQuery } from './admin-api';
import { auditActionWords } from './audit-words';

/** When, in UTC, through the shared formatters in the reader's language (admin screens read UTC). */
const when = (iso: string, locale: Locale) =>
  `${formatDateIn(new Date(iso), 'UTC', locale)}, ${formatTimeIn(new Date(iso), 'UTC', locale)}`;

function Entry({ entry }: { entry: AuditEntry }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const admin = entry.admin.name ?? entry.admin.email;
  const at = when(entry.createdAt, locale);
  const reason = entry.reason;
  const destructive = /reject|deactivate|delete/.test(entry.action);
  return (
    <li className="flex flex-col gap-1 border-b py-3 last:border-b-0 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
        <Badge variant={destructive ? 'destructive' : 'secondary'}>{auditActionWords(i18n, entry.action)}</Badge>
        <span className="min-w-0 truncate font-medium">{entry.targetLabel ?? entry.targetId}</span>
      </div>
      <div className="flex flex-col text-sm text-muted-foreground sm:items-end">
        <span>
          <Trans>
            by {admin} · <time dateTime={entry.createdAt}>{at} UTC</time>
          </Trans>
        </span>
        {reason && (
          <span className="text-foreground">
            <Trans>Reason: {reason}</Trans>
          </span>
        )}
      </div>
    </li>
  );
}

/** The recent admin decisions (audit_log), newest first, a page at a time. */
export function AuditLog() {
  const [page, setPage] = useState(1);
  const log = useQuery(auditLogQuery(page));
  const { t } = useLingui();
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / log.data.pageSize)) : 1;
  return (
    <section
      aria-labelledby="audit-heading"
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm sm:p-6"
    >
      <h2 id="audit-heading" className="flex items-center gap-2 text-xl font-semibold">
        <History className="size-5" aria-hidden="true" />
        <Trans>Recent activity</Trans>
      </h2>
      {log.isError ? (
        <InlineLoadFailed what={t`the audit log`} onRetry={() => void log.refetch()} />
      ) : log.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true" aria-label={t`Loading the audit log`}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-6 w-full" />
          ))}
        </div>
      ) : log.data.entries.length === 0 ? (
        <p className="py-6 text-center text-muted-foreground">
          <Trans>No admin decisions yet.</Trans>
        </p>
      ) : (
        <>
          <ul data-testid="audit-log">
            {log.data.entries.map((entry) => (
              <Entry key={entry.id} entry={entry} />
            ))}
          </ul>
          {pages > 1 && (
            <div className="flex items-center justify-between gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                <Trans>Previous</Trans>
              </Button>
              <span className="text-sm text-muted-foreground">
                <Trans>
                  Page {page} of {pages}
                </Trans>
              </span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                <Trans>Next</Trans>
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
