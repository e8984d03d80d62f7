import { useEffect, useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { MessageCircle } from 'lucide-react';
import type { StartInquiryResponse } from '@shared/api/conversations';
import { signInPath } from '@shared/domain/return-path';
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
import { ApiError, apiRequest } from '@/lib/api';
import { useAuth } from '@/lib/auth-context';
import { cn } from '@/lib/utils';

/**
 * POST /api/services/{id}/inquiry. The response schema (zod) is imported with the request, not
 * with the service page: the page stays as light as it was (decision 012).
 */
function useStartInquiry() {
  // (/messages reads the inquiries again when it opens.)
  return useMutation({
    mutationFn: async (input: { serviceId: string; body: string }): Promise<StartInquiryResponse> => {
      const [{ startInquiryResponseSchema }, res] = await Promise.all([
        import('@shared/api/conversations'),
        apiRequest('POST', `/api/services/${input.serviceId}/inquiry`, { body: input.body }),
      ]);
      return startInquiryResponseSchema.parse(await res.json());
    },
  });
}

/** The address flag that reopens the dialog after signing in (the page sends it as part of `next`). */
const ASK_PARAM = 'ask';

/**
 * "Message provider" (issue 11 section 3, decision 025): a traveler asks a question about a
 * service before booking it; the conversation opens in /messages. Signed out, it goes to sign in
 * and comes back here with the dialog open. Nobody is offered to message themselves, and only
 * travelers can ask (a provider or an admin does not see it).
 * On a provider's profile with several services, the traveler picks which one they ask about.
 */
export function MessageProviderButton({
  providerName,
  providerUserId,
  services,
  className,
}: {
  providerName: string;
  providerUserId: string;
  services: readonly { id: string; title: string }[];
  className?: string;
}) {
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const isTraveler = user?.role === 'TRAVELER';

  // Back from signing in: open the dialog the traveler asked for, once, and drop the flag from
  // the address (a dialog's portal renders nothing on the server, so this is safe there too).
  const asksFromAddress = isTraveler && searchParams.get(ASK_PARAM) === '1';
  const [handledAsk, setHandledAsk] = useState(false);
  if (asksFromAddress && !handledAsk) {
    setHandledAsk(true);
    setOpen(true);
  }
  useEffect(() => {
    if (!asksFromAddress) return;
    setSearchParams(
      (params) => {
        params.delete(ASK_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [asksFromAddress, setSearchParams]);

  if (services.length === 0) return null;
  if (user && (user.id === providerUserId || !isTraveler)) return null;

  const onClick = () => {
    if (!user) {
      const params = new URLSearchParams(location.search);
      params.set(ASK_PARAM, '1');
      navigate(signInPath(`${location.pathname}?${params}`, 'message'));
      return;
    }
    setOpen(true);
  };

  return (
    <>
      <Button
        type="button"
        variant="outline"
        className={cn('w-full', className)}
        onClick={onClick}
        disabled={isLoading}
      >
        <MessageCircle className="size-4" aria-hidden="true" />
        Message provider
      </Button>
      {isTraveler && (
        <InquiryDialog
          open={open}
          onOpenChange={setOpen}
          providerName={providerName}
          services={services}
          onSent={(conversationId) => navigate(`/messages?conversation=${conversationId}`)}
        />
      )}
    </>
  );
}

function InquiryDialog({
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
  const [serviceId, setServiceId] = useState(services[0]?.id ?? '');
  const [text, setText] = useState('');
  const start = useStartInquiry();
  const blank = text.trim() === '';
  const submit = () => {
    if (blank || start.isPending || !serviceId) return;
    start.mutate(
      { serviceId, body: text.trim() },
      {
        onSuccess: ({ conversation }) => {
          setText('');
          onOpenChange(false);
          onSent(conversation.id);
        },
        // SPEC.md section 8: the text is kept. A refusal the traveler can act on says why.
        onError: (error) => {
          const said = error instanceof ApiError && error.status < 500 ? error.body?.message : undefined;
          toast({ variant: 'destructive', title: 'Failed to send message', description: said ?? 'Please try again.' });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !start.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Message {providerName}</DialogTitle>
          <DialogDescription>
            Ask a question before you book. Your conversation continues in Messages.
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
              <Label htmlFor={`${id}-service`}>Service</Label>
              <NativeSelect
                id={`${id}-service`}
                value={serviceId}
                onChange={(event) => setServiceId(event.target.value)}
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
            <Label htmlFor={`${id}-message`}>Your message</Label>
            <Textarea
              id={`${id}-message`}
              rows={5}
              value={text}
              maxLength={4000}
              placeholder="Hi! Is this available next week? ..."
              disabled={start.isPending}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={start.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={blank || start.isPending} aria-busy={start.isPending}>
              {start.isPending && <Spinner decorative />}
              Send message
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
