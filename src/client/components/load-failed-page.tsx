import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { useResponseStatus } from '@/lib/render-context';
import { ErrorState } from './load-failed';

// Apart from load-failed.tsx, whose section-sized state the first page uses: only pages loaded
// later show a whole page's load failure.

/** The error state of a page whose data could not be loaded (network, 5xx). */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  // Rendered on the server, the page answers 503: crawlers and caches come back later.
  useResponseStatus(503);
  const { t } = useLingui();
  return (
    <ErrorState
      title={t`Something went wrong`}
      message={t`We couldn't load ${what}. Check your connection and try again.`}
      className="flex-1 py-20"
    >
      <Button onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </ErrorState>
  );
}
