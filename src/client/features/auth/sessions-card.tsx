import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Monitor, Smartphone } from '@/components/icons';
import type { SessionsResponse } from '@shared/api/auth';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { formatDate as formatInstantDate } from '@/lib/format-date';
import { useViewerTimeZone } from '@/lib/viewer-clock';
import { revokeOtherSessions, sessionsQueryKey, type SessionInfo } from './account-api';
import { useLocale } from '@/lib/locale';
import type { Locale } from '@shared/domain/locales';

/**
 * The browser and system of a user-agent string ('Chrome', 'macOS'), good enough to recognise one's
 * own devices; the raw string shortened when neither is known. Null for no user agent.
 */
export function describeUserAgent(userAgent: string | null): {
  browser: string | null;
  os: string | null;
  raw: string | null;
  isMobile: boolean;
} {
  if (!userAgent) return { browser: null, os: null, raw: null, isMobile: false };
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const os = /iPhone|iPad|iPod/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  const isMobile = /Mobi|iPhone|Android/.test(ua);
  return { browser, os, raw: ua.length > 60 ? `${ua.slice(0, 57)}…` : ua, isMobile };
}

function formatDate(iso: string, locale: Locale, timeZone: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatInstantDate(date, locale, timeZone);
}

function SessionRow({ session }: { session: SessionInfo }) {
  const { t } = useLingui();
  const { browser, os, raw, isMobile } = describeUserAgent(session.userAgent);
  // "Chrome on macOS"
  const label = browser && os ? t`${browser} on ${os}` : (browser ?? os ?? raw ?? t`Unknown device`);
  // The zone the page was rendered in, then the browser's (hydration-safe).
  const timeZone = useViewerTimeZone();
  const locale = useLocale();
  const Icon = isMobile ? Smartphone : Monitor;
  const signedIn = formatDate(session.createdAt, locale, timeZone);
  const expires = formatDate(session.expiresAt, locale, timeZone);
  return (
    <li className="flex items-start gap-3 py-3">
      <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        <Icon className="size-5" aria-hidden="true" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium" title={session.userAgent ?? undefined}>
            {label}
          </span>
          {session.current && (
            <Badge variant="soft">
              <Trans>This device</Trans>
            </Badge>
          )}
        </div>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Signed in {signedIn} · Expires {expires}
          </Trans>
        </p>
      </div>
    </li>
  );
}

export function SessionsCard() {
  const queryClient = useQueryClient();
  const sessions = useQuery<SessionsResponse>({ queryKey: sessionsQueryKey });
  const { t } = useLingui();

  const revoke = useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: (revoked) => {
      void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
      toast({
        title: t`Signed out of other sessions`,
        description:
          revoked === 0
            ? t`There were no other sessions to sign out.`
            : t`${plural(revoked, { one: '# other session was', other: '# other sessions were' })} signed out.`,
      });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: t`Failed to sign out other sessions`,
        description: errorMessage(error, t`Please try again later.`),
      });
    },
  });

  const list = [...(sessions.data?.sessions ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  const otherCount = list.filter((s) => !s.current).length;

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>
            <Trans>Sessions</Trans>
          </h2>
        </CardTitle>
        <CardDescription>
          <Trans>Devices where you are signed in to Locora.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <div className="flex flex-col gap-4 py-2" aria-busy="true" aria-label={t`Loading sessions`}>
            {[0, 1].map((i) => (
              <div key={i} className="flex items-center gap-3">
                <Skeleton className="size-10 rounded-lg" />
                <div className="flex flex-1 flex-col gap-2">
                  <Skeleton className="h-4 w-40" />
                  <Skeleton className="h-3 w-56" />
                </div>
              </div>
            ))}
          </div>
        ) : sessions.isError ? (
          <div className="flex flex-col items-start gap-3" role="alert">
            <p className="text-sm text-muted-foreground">
              <Trans>Could not load your sessions.</Trans>
            </p>
            <Button size="sm" variant="outline" onClick={() => void sessions.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : (
          <ul className="divide-y" aria-label={t`Active sessions`}>
            {list.map((session, index) => (
              <SessionRow key={`${session.createdAt}-${index}`} session={session} />
            ))}
          </ul>
        )}
      </CardContent>
      <CardFooter className="flex-col items-start gap-2 border-t sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          {sessions.isSuccess &&
            (otherCount === 0
              ? t`You are only signed in on this device.`
              : t`${plural(otherCount, { one: '# other session active.', other: '# other sessions active.' })}`)}
        </p>
        <Button
          variant="outline"
          onClick={() => revoke.mutate()}
          disabled={revoke.isPending || !sessions.isSuccess || otherCount === 0}
          aria-busy={revoke.isPending}
        >
          {revoke.isPending && <Spinner decorative />}
          <Trans>Sign out of all other sessions</Trans>
        </Button>
      </CardFooter>
    </Card>
  );
}
