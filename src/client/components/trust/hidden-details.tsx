import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { toast } from '@/components/ui/use-toast';

/** What the server hid of a message just sent (contact details before a confirmed booking, decision 051). */
export type HiddenDetail = { kind: 'phone' | 'email' | 'link' | 'handle' | 'payment'; text: string };

export const HIDDEN_KINDS: Record<HiddenDetail['kind'], MessageDescriptor> = {
  phone: msg`phone number`,
  email: msg`email address`,
  link: msg`link`,
  handle: msg`messaging handle`,
  payment: msg`payment details`,
};

/**
 * Tells the sender, as a toast, what was hidden of what they typed and why: where they are taken
 * elsewhere as they send (the first message of an inquiry opens its thread). Its words are in
 * the first-load catalog, as the inquiry starts from public pages.
 */
export function useTellWhatWasHidden(): (hidden: readonly HiddenDetail[]) => void {
  const { t, i18n } = useLingui();
  return (hidden) => {
    if (hidden.length === 0) return;
    const list = hidden.map((h) => `${h.text} (${i18n._(HIDDEN_KINDS[h.kind])})`).join(', ');
    toast({
      title: t`Contact details are shared once the booking is confirmed`,
      description: t`Until then, both of you are protected by Locora, so we hid these from your message: ${list}`,
    });
  };
}
