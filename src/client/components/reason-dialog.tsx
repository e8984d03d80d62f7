import { useId, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { AlertDialog as Primitive } from 'radix-ui';
import { buttonVariants } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';

/**
 * A confirmation that asks for an optional reason (canceling or declining a booking): role
 * alertdialog, focus starts on the way back, Escape keeps things as they are. The reason is sent
 * trimmed, or undefined when blank; it starts empty each time the dialog opens.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  keepLabel: keepLabelProp,
  reasonLabel: reasonLabelProp,
  maxLength,
  onConfirm,
  isPending = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  keepLabel?: string;
  reasonLabel?: string;
  maxLength?: number;
  onConfirm: (reason: string | undefined) => void;
  isPending?: boolean;
  /** More fields between the reason and the buttons (a decline's other times). */
  children?: ReactNode;
}) {
  const id = useId();
  const { t } = useLingui();
  const keepLabel = keepLabelProp ?? t`Keep it`;
  const reasonLabel = reasonLabelProp ?? t`Reason (optional)`;
  const [reason, setReason] = useState('');
  return (
    <Primitive.Root
      open={open}
      onOpenChange={(next) => {
        if (!isPending) onOpenChange(next);
      }}
    >
      <Primitive.Portal>
        <Primitive.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Primitive.Content
          onOpenAutoFocus={() => setReason('')}
          className="fixed top-1/2 left-1/2 z-50 grid w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-background p-6 max-h-[calc(100dvh-2rem)] overflow-y-auto shadow-xl data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in sm:max-w-md"
        >
          <div className="flex flex-col gap-2 text-center sm:text-left">
            <Primitive.Title className="text-lg leading-none font-semibold">{title}</Primitive.Title>
            <Primitive.Description className="text-sm text-muted-foreground">{description}</Primitive.Description>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-reason`}>{reasonLabel}</Label>
            <Textarea
              id={`${id}-reason`}
              rows={3}
              value={reason}
              maxLength={maxLength}
              disabled={isPending}
              onValueChange={(value) => setReason(value)}
            />
          </div>
          {children}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Primitive.Cancel className={buttonVariants({ variant: 'outline' })} disabled={isPending}>
              {keepLabel}
            </Primitive.Cancel>
            <Primitive.Action
              className={buttonVariants({ variant: 'destructive' })}
              disabled={isPending}
              aria-busy={isPending}
              onClick={(event) => {
                // Stay open until the request has finished (the parent closes it).
                event.preventDefault();
                onConfirm(reason.trim() || undefined);
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
