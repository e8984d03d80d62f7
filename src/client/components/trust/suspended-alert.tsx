import { CircleAlert } from '@/components/icons';
import { Trans } from '@lingui/react/macro';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ApiError } from '@/lib/api';

/** Whether a sign-in was refused because the account is suspended (decision 051): 403 from the API. */
export function isSuspendedRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/** What a suspended account reads on the sign-in page: plainly that it is suspended, and how to appeal. */
export function SuspendedAlert() {
  return (
    <Alert variant="destructive" data-testid="suspended-alert">
      <CircleAlert aria-hidden="true" />
      <AlertTitle>
        <Trans>Account suspended</Trans>
      </AlertTitle>
      {/* Full contrast on the dark theme's tinted red (the variant's 90 % red is too faint there). */}
      <AlertDescription className="dark:text-foreground!">
        <Trans>
          This account is suspended, so it cannot sign in. We emailed you why. To appeal, reply to that email and tell
          us what happened: a person reads every appeal.
        </Trans>
      </AlertDescription>
    </Alert>
  );
}
