import { X } from '@/components/icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { HIDDEN_KINDS as KINDS, type HiddenDetail as Hidden } from '@/components/trust/hidden-details';
import { Button } from '@/components/ui/button';

/**
 * Told to the sender as they send (decision 051): what was hidden of what they typed, and why.
 * The other side received the message with each replaced by the placeholder.
 */
export function MaskedNotice({ hidden, onDismiss }: { hidden: readonly Hidden[]; onDismiss: () => void }) {
  const { t, i18n } = useLingui();
  return (
    <div role="status" className="flex items-start gap-2 border-t bg-accent px-3 py-2 text-sm text-accent-foreground">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-medium">
          <Trans>Contact details are shared once the booking is confirmed</Trans>
        </p>
        <p>
          <Trans>Until then, both of you are protected by Locora, so we hid these from your message:</Trans>
        </p>
        <ul className="list-disc pl-5">
          {hidden.map((h, i) => (
            <li key={i} className="wrap-anywhere">
              <span className="font-mono">{h.text}</span> ({i18n._(KINDS[h.kind])})
            </li>
          ))}
        </ul>
      </div>
      <Button variant="ghost" size="icon" className="size-8 shrink-0" aria-label={t`Close`} onClick={onDismiss}>
        <X className="size-4" aria-hidden="true" />
      </Button>
    </div>
  );
}
