import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { StartInquiryResponse } from '@shared/api/conversations-responses';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useTellWhatWasHidden } from '@/components/trust/hidden-details';
import { ApiError, apiRequest } from '@/lib/api';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * POST /api/services/{id}/inquiry. The response schema (zod) is imported with the request, not
 * with the service page: the page stays as light as it was (decision 012).
 */
function useStartInquiry() {
  // (/messages reads the inquiries again when it opens.)
  return useMutation({
    mutationFn: async (input: { serviceId: string; body: string }): Promise<StartInquiryResponse> => {
      const [{ startInquiryResponseSchema }, res] = await Promise.all([
        import('@shared/api/conversations-responses'),
        apiRequest('POST', `/api/services/${input.serviceId}/inquiry`, { body: input.body }),
      ]);
      return startInquiryResponseSchema.parse(await res.json());
    },
  });
}

/**
 * The "Message provider" dialog. Loaded the first time it opens (message-provider-button.tsx keeps
 * the button), so the dialog code is not part of the service and provider pages' first load.
 */
export function InquiryDialog({
  open,
  onOpenChange,
  providerName,
  services,
  onSent,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  providerName: string;
  services: readonly { id: string; title: string }[];
  onSent: (conversationId: string) => void;
}) {
  const id = useId();
  const { t } = useLingui();
  const [serviceId, setServiceId] = useState(services[0]?.id ?? '');
  const [text, setText] = useState('');
  const start = useStartInquiry();
  const tellHidden = useTellWhatWasHidden();
  const blank = text.trim() === '';
  const submit = () => {
    if (blank || start.isPending || !serviceId) return;
    start.mutate(
      { serviceId, body: text.trim() },
      {
        onSuccess: ({ conversation, message }) => {
          setText('');
          onOpenChange(false);
          onSent(conversation.id);
          // Contact details hidden from what was typed: the sender is told which, and why.
          tellHidden(message.hidden ?? []);
        },
        // docs/product.md: the text is kept. A refusal the traveler can act on says why.
        onError: (error) => {
          const said = error instanceof ApiError && error.status < 500 ? error.body?.message : undefined;
          toast({
            variant: 'destructive',
            title: t`Failed to send message`,
            description: said ?? t`Please try again.`,
          });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !start.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Message {providerName}</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Ask a question before you book. Your conversation continues in Messages.</Trans>
          </DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {services.length > 1 && (
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-service`}>
                <Trans>Service</Trans>
              </Label>
              <NativeSelect
                id={`${id}-service`}
                value={serviceId}
                onValueChange={(value) => setServiceId(value)}
                disabled={start.isPending}
              >
                {services.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.title}
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-message`}>
              <Trans>Your message</Trans>
            </Label>
            <Textarea
              id={`${id}-message`}
              rows={5}
              value={text}
              maxLength={4000}
              placeholder={t`Hi! Is this available next week? ...`}
              disabled={start.isPending}
              onValueChange={(value) => setText(value)}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={start.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={blank || start.isPending} aria-busy={start.isPending}>
              {start.isPending && <Spinner decorative />}
              <Trans>Send message</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
