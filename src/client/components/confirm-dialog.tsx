import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { AlertDialog as Primitive } from 'radix-ui';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/**
 * An accessible confirmation (role alertdialog): focus starts on Cancel, Escape cancels; stays
 * open while the action runs. `children` go between the text and the buttons (e.g. a reason).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  isPending = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  isPending?: boolean;
  children?: ReactNode;
}) {
  return (
    <Primitive.Root open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <Primitive.Portal>
        <Primitive.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Primitive.Content
          // Without a description the title alone is the question: nothing else is announced after it.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className="fixed top-1/2 left-1/2 z-50 grid w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-background p-6 shadow-xl data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in sm:max-w-md"
        >
          <div className="flex flex-col gap-2 text-center sm:text-left">
            <Primitive.Title className="text-lg leading-snug font-semibold">{title}</Primitive.Title>
            {description && (
              <Primitive.Description className="text-sm text-muted-foreground">{description}</Primitive.Description>
            )}
          </div>
          {children}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Primitive.Cancel className={buttonVariants({ variant: 'outline' })} disabled={isPending}>
              <Trans>Cancel</Trans>
            </Primitive.Cancel>
            <Primitive.Action
              className={buttonVariants({ variant: 'destructive' })}
              disabled={isPending}
              aria-busy={isPending}
              onClick={(event) => {
                // Stay open until the action has finished (the parent closes it).
                event.preventDefault();
                onConfirm();
              }}
            >
              {isPending && <Spinner decorative />}
              {confirmLabel}
            </Primitive.Action>
          </div>
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  );
}
