import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ShieldOff } from '@/components/icons';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type {
  AdminReport,
  ReportAction,
  ReportReason,
  ReportTargetType,
  SuspendedUser,
} from '@shared/api/trust-responses';
import { intlLocale } from '@shared/domain/locales';
import { InlineLoadFailed } from '@/components/load-failed';
import { RatingStars } from '@/components/rating';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { CardDescription, CardHeader, CardTitle } from '@/components/ui/card-parts';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useLocale } from '@/lib/locale';
import { useHiddenNoteWords } from '@/lib/moderation-words';
import { cn } from '@/lib/utils';
import { adminReportsQuery, resolveReportRequest, suspensionRequest } from '@/lib/trust-api';

/** The fixed reasons, in the admin catalog (the reporters' dialog has its own, in theirs). */
const REASON_LABELS: Record<ReportReason, MessageDescriptor> = {
  safety: msg`Safety`,
  harassment: msg`Harassment`,
  fraud: msg`Fraud or payment outside Locora`,
  inappropriate: msg`Inappropriate content`,
  misleading: msg`Misleading listing`,
  other: msg`Other`,
};

const ACTION_LABELS: Record<ReportAction, MessageDescriptor> = {
  dismiss: msg`Dismiss`,
  hide: msg`Hide it, with a note in its place`,
  deactivate_service: msg`Deactivate the service`,
  warn: msg`Warn the user (emailed)`,
  suspend: msg`Suspend the user`,
};

const TARGET_LABELS: Record<ReportTargetType, MessageDescriptor> = {
  review: msg`Review`,
  message: msg`Message`,
  service: msg`Service`,
  provider: msg`Provider profile`,
  booking: msg`Booking`,
};

function useDateTime() {
  const locale = useLocale();
  const f = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => f.format(new Date(iso));
}

/** The reported item as the admin needs to judge it: the review, the listing, the booking, the thread. */
function ReportContext({ report }: { report: AdminReport }) {
  const { t } = useLingui();
  const when = useDateTime();
  const noteWords = useHiddenNoteWords();
  const c = report.context;
  const hiddenNote = c.hiddenNote ? noteWords(c.hiddenNote) : null;
  return (
    <div className="flex flex-col gap-2 rounded-lg bg-muted/50 p-3 text-sm">
      <p className="font-medium">{c.title}</p>
      {typeof c.rating === 'number' && <RatingStars value={c.rating} />}
      {c.text && <p className="text-pretty wrap-anywhere whitespace-pre-line">{c.text}</p>}
      {hiddenNote && (
        <p className="text-muted-foreground italic">
          <Trans>Hidden, shown in its place: {hiddenNote}</Trans>
        </p>
      )}
      {c.live === false && (
        <p className="text-muted-foreground">
          <Trans>Not public now (deactivated, paused or suspended).</Trans>
        </p>
      )}
      {c.booking && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-muted-foreground">
            <Trans>Booking</Trans>
          </dt>
          <dd>
            {c.booking.serviceTitle} · {when(c.booking.start)} · {c.booking.status}
          </dd>
          <dt className="text-muted-foreground">
            <Trans>Between</Trans>
          </dt>
          <dd>
            {c.booking.travelerName ?? t`Traveler`} · {c.booking.providerName}
          </dd>
        </dl>
      )}
      {c.messages && c.messages.length > 0 && (
        <ol className="flex flex-col gap-1.5" aria-label={t`The conversation`}>
          {c.messages.map((m) => (
            <li
              key={m.id}
              className={cn('rounded-md border bg-background px-2.5 py-1.5', m.reported && 'border-destructive')}
            >
              <p className="text-xs text-muted-foreground">
                {m.senderName ?? t`Someone`} · {when(m.createdAt)}
                {m.reported && (
                  <>
                    {' · '}
                    <span className="font-medium text-destructive">
                      <Trans>Reported</Trans>
                    </span>
                  </>
                )}
              </p>
              <p className="wrap-anywhere whitespace-pre-wrap">{m.hiddenNote ? noteWords(m.hiddenNote) : m.body}</p>
              {m.originalBody && (
                <p className="mt-1 text-xs wrap-anywhere text-muted-foreground">
                  <Trans>As typed (masked for the other side):</Trans> {m.originalBody}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function ResolveForm({ report }: { report: AdminReport }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<ReportAction>(report.actions[0] ?? 'dismiss');
  const [reason, setReason] = useState('');
  const resolve = useMutation({
    mutationFn: () => resolveReportRequest(report.id, action, reason.trim()),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminReportsQuery.queryKey });
      toast({ title: t`Report resolved`, description: t`The reporter is told the outcome.` });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t`Could not resolve the report`,
        description: errorMessage(error, t`Please try again later.`),
      }),
  });
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim() && !resolve.isPending) resolve.mutate();
      }}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-action`}>
          <Trans>Action</Trans>
        </Label>
        <NativeSelect
          id={`${id}-action`}
          value={action}
          onValueChange={(v) => setAction(v as ReportAction)}
          disabled={resolve.isPending}
        >
          {report.actions.map((a) => (
            <option key={a} value={a}>
              {i18n._(ACTION_LABELS[a])}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-reason`}>
          <Trans>Reason (kept in the audit log)</Trans>
        </Label>
        <Textarea
          id={`${id}-reason`}
          rows={2}
          value={reason}
          maxLength={1000}
          disabled={resolve.isPending}
          onValueChange={(v) => setReason(v)}
        />
      </div>
      <div>
        <Button
          type="submit"
          size="sm"
          variant={action === 'suspend' ? 'destructive' : 'default'}
          disabled={!reason.trim() || resolve.isPending}
          aria-busy={resolve.isPending}
        >
          {resolve.isPending && <Spinner decorative />}
          <Trans>Apply</Trans>
        </Button>
      </div>
    </form>
  );
}

function ReportCard({ report }: { report: AdminReport }) {
  const { i18n } = useLingui();
  const when = useDateTime();
  const safety = report.reason === 'safety';
  const reporter = report.reporter.name ?? report.reporter.email;
  const subject = report.subject.name ?? report.subject.email;
  return (
    <li data-testid="admin-report">
      <Card className={cn(safety && report.status === 'open' && 'border-destructive')}>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2 text-base">
            {safety && <AlertTriangle className="size-4 text-destructive" aria-hidden="true" />}
            <Badge variant={safety ? 'destructive' : 'secondary'}>{i18n._(REASON_LABELS[report.reason])}</Badge>
            <span>{i18n._(TARGET_LABELS[report.targetType])}</span>
          </CardTitle>
          <CardDescription>
            <Trans>
              {reporter} reported {subject} · {when(report.createdAt)}
            </Trans>
            {report.subject.suspended && (
              <>
                {' · '}
                <span className="font-medium text-destructive">
                  <Trans>suspended</Trans>
                </span>
              </>
            )}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {report.note && (
            <p className="text-sm">
              <span className="font-medium">
                <Trans>Note:</Trans>
              </span>{' '}
              <span className="wrap-anywhere whitespace-pre-line">{report.note}</span>
            </p>
          )}
          <ReportContext report={report} />
          {report.status === 'open' ? (
            <ResolveForm report={report} />
          ) : (
            <p className="text-sm text-muted-foreground">
              {report.action ? i18n._(ACTION_LABELS[report.action]) : null}
              {report.resolvedAt && ` · ${when(report.resolvedAt)}`}
              {report.resolutionReason && ` · ${report.resolutionReason}`}
            </p>
          )}
        </CardContent>
      </Card>
    </li>
  );
}

function SuspendedRow({ user }: { user: SuspendedUser }) {
  const { t } = useLingui();
  const id = useId();
  const when = useDateTime();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const lift = useMutation({
    mutationFn: () => suspensionRequest(user.id, true, reason.trim()),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminReportsQuery.queryKey });
      toast({
        title: t`Suspension lifted`,
        description: t`${user.email} can sign in again; their services are shown again.`,
      });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t`Could not lift the suspension`,
        description: errorMessage(error, t`Please try again later.`),
      }),
  });
  return (
    <li className="flex flex-col gap-2 rounded-lg border p-3 text-sm" data-testid="suspended-user">
      <p>
        <span className="font-medium">{user.name ?? user.email}</span> · {user.email} · {when(user.suspendedAt)}
      </p>
      <p className="text-muted-foreground wrap-anywhere">{user.reason}</p>
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          if (reason.trim() && !lift.isPending) lift.mutate();
        }}
      >
        <div className="flex flex-1 flex-col gap-1.5">
          <Label htmlFor={`${id}-lift`}>
            <Trans>Why lift it (kept in the audit log)</Trans>
          </Label>
          <Textarea id={`${id}-lift`} rows={1} value={reason} maxLength={1000} onValueChange={(v) => setReason(v)} />
        </div>
        <Button type="submit" size="sm" variant="outline" disabled={!reason.trim() || lift.isPending}>
          {lift.isPending && <Spinner decorative />}
          <Trans>Lift suspension</Trans>
        </Button>
      </form>
    </li>
  );
}

/** /admin/reports: open reports (safety first, then newest) with their context and actions; decisions; suspended accounts. */
export function ReportsQueue() {
  const { t } = useLingui();
  const reports = useQuery(adminReportsQuery);
  if (reports.isPending)
    return (
      <div className="flex flex-col gap-3">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  if (reports.isError) return <InlineLoadFailed what={t`the reports`} onRetry={() => void reports.refetch()} />;
  const { open, resolved, suspended } = reports.data;
  return (
    <div className="flex flex-col gap-8">
      <section className="flex flex-col gap-3" aria-labelledby="open-reports">
        <h2 id="open-reports" className="text-xl font-semibold">
          <Trans>Open reports ({open.length})</Trans>
        </h2>
        {open.length === 0 ? (
          <p className="rounded-xl border border-dashed px-4 py-8 text-center text-muted-foreground">
            <Trans>No open reports.</Trans>
          </p>
        ) : (
          <ul className="flex flex-col gap-4">
            {open.map((r) => (
              <ReportCard key={r.id} report={r} />
            ))}
          </ul>
        )}
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="suspended-users">
        <h2 id="suspended-users" className="flex items-center gap-2 text-xl font-semibold">
          <ShieldOff className="size-5" aria-hidden="true" />
          <Trans>Suspended accounts ({suspended.length})</Trans>
        </h2>
        {suspended.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No suspended accounts.</Trans>
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {suspended.map((u) => (
              <SuspendedRow key={u.id} user={u} />
            ))}
          </ul>
        )}
      </section>
      {resolved.length > 0 && (
        <section className="flex flex-col gap-3" aria-labelledby="resolved-reports">
          <h2 id="resolved-reports" className="text-xl font-semibold">
            <Trans>Recent decisions</Trans>
          </h2>
          <ul className="flex flex-col gap-4">
            {resolved.map((r) => (
              <ReportCard key={r.id} report={r} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
