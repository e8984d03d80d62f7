import type { JSX } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { CircleAlert, CircleCheck, CircleDashed, Clock } from '@/components/icons';
import type { SetupStep, SetupStepKey } from '@shared/api/provider-workspace';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { providerSetupQuery } from './workspace-api';

/** The dashboard's tabs a step opens. */
export type SetupTab = 'services' | 'availability' | 'profile' | 'payouts';

const TAB_OF: Record<SetupStepKey, SetupTab> = {
  profile: 'profile',
  identity: 'profile',
  service: 'services',
  availability: 'availability',
  payouts: 'payouts',
  calendar: 'availability',
};

/**
 * A new provider's setup checklist (decision 054): one true story of what is left before
 * travelers can book them, each step with what it is waiting for and a button to the tab where it
 * is done; an identity document's rejection with the admin's reason. Shown until every step that
 * is not optional is done; while travelers cannot book (payouts), it says so first.
 */
export function SetupChecklist({ onOpenTab }: { onOpenTab: (tab: SetupTab) => void }): JSX.Element | null {
  const { t } = useLingui();
  const setup = useQuery(providerSetupQuery);
  if (!setup.data || setup.data.isComplete) return null;
  const steps = setup.data.steps.filter((s) => s.status !== 'not_needed');
  const required = steps.filter((s) => !s.isOptional);
  const done = required.filter((s) => s.status === 'done').length;
  const total = required.length;
  return (
    <Card role="region" className="gap-4 p-4 sm:p-6" data-testid="setup-checklist" aria-labelledby="setup-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="setup-heading" className="text-lg font-semibold">
          {t`Get ready for your first booking`}
        </h2>
        <p className="text-sm text-muted-foreground">{t`${done} of ${total} steps done`}</p>
      </div>
      {!setup.data.canBeBooked && (
        <Alert variant="info" data-testid="payouts-banner">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>
            {t`Travelers cannot book your services yet, and search does not list them, until payouts are set up.`}
          </AlertDescription>
        </Alert>
      )}
      <ol className="flex flex-col divide-y">
        {steps.map((step) => (
          <StepRow key={step.key} step={step} onOpen={() => onOpenTab(TAB_OF[step.key])} />
        ))}
      </ol>
    </Card>
  );
}

function StepRow({ step, onOpen }: { step: SetupStep; onOpen: () => void }) {
  const { t } = useLingui();
  const words = useStepWords(step);
  const reason = step.status === 'rejected' ? step.reason : null;
  const Icon =
    step.status === 'done'
      ? CircleCheck
      : step.status === 'rejected'
        ? CircleAlert
        : step.status === 'in_review'
          ? Clock
          : CircleDashed;
  const statusText = {
    done: t`Done`,
    todo: step.isOptional ? t`Optional` : t`To do`,
    in_review: t`In review`,
    rejected: t`Rejected`,
    not_needed: t`Not needed`,
  }[step.status];
  return (
    <li
      data-step={step.key}
      data-status={step.status}
      className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 items-start gap-3">
        <Icon
          aria-hidden="true"
          className={cn(
            'mt-0.5 size-5 shrink-0',
            step.status === 'done' && 'text-emerald-600 dark:text-emerald-400',
            step.status === 'rejected' && 'text-destructive',
            step.status === 'in_review' && 'text-amber-600 dark:text-amber-400',
            step.status === 'todo' && 'text-muted-foreground',
          )}
        />
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className={cn('font-medium', step.status === 'done' && 'text-muted-foreground')}>
            {words.title} <span className="text-xs font-normal text-muted-foreground">({statusText})</span>
          </p>
          {words.detail && <p className="text-sm text-muted-foreground">{words.detail}</p>}
          {reason && (
            <p className="text-sm text-destructive" data-testid="identity-rejection">
              {t`Reason: ${reason}`}
            </p>
          )}
        </div>
      </div>
      {step.status !== 'done' && step.status !== 'in_review' && (
        <Button
          size="sm"
          variant={step.isOptional ? 'ghost' : 'outline'}
          className="self-start sm:self-center"
          onClick={onOpen}
        >
          {words.action}
        </Button>
      )}
    </li>
  );
}

/** What a step says, by its kind and status. */
function useStepWords(step: SetupStep): { title: string; detail?: string | undefined; action: string } {
  const { t } = useLingui();
  switch (step.key) {
    case 'profile':
      return {
        title: t`Profile and photo`,
        detail: step.status === 'done' ? undefined : t`Travelers choose people: add a photo and a few words about you.`,
        action: t`Add a photo and bio`,
      };
    case 'identity':
      if (step.status === 'rejected')
        return {
          title: t`Identity document`,
          detail: t`Your identity document was rejected. Upload a new one.`,
          action: t`Upload a new document`,
        };
      return {
        title: t`Identity document`,
        detail:
          step.status === 'in_review'
            ? t`We are checking your document. Verified providers show a badge.`
            : step.status === 'todo'
              ? t`Upload an identity document to be verified.`
              : undefined,
        action: t`Upload a document`,
      };
    case 'service':
      return {
        title: t`First service`,
        detail: step.status === 'done' ? undefined : t`Describe what you offer, where and for how much.`,
        action: t`Create a service`,
      };
    case 'availability':
      return {
        title: t`Availability`,
        detail: step.status === 'done' ? undefined : t`Add the times travelers can book.`,
        action: t`Open Availability`,
      };
    case 'payouts':
      return {
        title: t`Payouts`,
        detail:
          step.status === 'in_review'
            ? t`Stripe is reviewing your details.`
            : step.status === 'todo'
              ? t`Set up payouts so that travelers can book and you get paid.`
              : undefined,
        action: t`Open Payouts`,
      };
    case 'calendar':
      return {
        title: t`Calendar`,
        detail: step.status === 'done' ? undefined : t`Connect your calendar so that busy times are not booked.`,
        action: t`Connect a calendar`,
      };
  }
}
