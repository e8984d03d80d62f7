import type { ReactNode } from 'react';
import { TriangleAlert } from '@/components/icons';
import { ApiError } from '@/lib/api';
import { useResponseStatus } from '@/lib/render-context';
import { cn } from '@/lib/utils';
import { Trans } from '@lingui/react/macro';

/** The API answers 404 for a missing (or inactive) record and 400 for an id that is not one. */
export const isNotFoundError = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/** A page-sized error: the warning sign, a heading, a sentence and the ways on (`children`). */
export function ErrorState({
  title,
  message,
  className,
  children,
}: {
  title: string;
  message: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('mx-auto flex max-w-lg flex-col items-center justify-center gap-4 px-4 text-center', className)}>
      <div className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <TriangleAlert className="size-7" aria-hidden="true" />
      </div>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{message}</p>
      {children}
    </div>
  );
}

/** The error state of one section of a page: a sentence with a retry link. */
export function InlineLoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  // A page missing part of its data is not a page to cache or index either.
  useResponseStatus(503);
  return (
    <p className="text-muted-foreground">
      <Trans>We couldn&apos;t load {what}.</Trans>{' '}
      <button
        type="button"
        onClick={onRetry}
        className="cursor-pointer font-medium text-primary underline-offset-4 hover:underline"
      >
        <Trans>Try again</Trans>
      </button>
    </p>
  );
}
