import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { MessageCircle } from '@/components/icons';
import { signInPath } from '@shared/domain/return-path';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth-context';
import { cn } from '@/lib/utils';
import { Trans } from '@lingui/react/macro';

const InquiryDialog = lazy(() => import('./inquiry-dialog').then((m) => ({ default: m.InquiryDialog })));

/** The address flag that reopens the dialog after signing in (the page sends it as part of `next`). */
const ASK_PARAM = 'ask';

/**
 * "Message provider" (decision 025): a traveler asks a question about a
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
  const [open, setOpenState] = useState(false);
  // The dialog stays mounted after its first opening, so that it can animate closed.
  const [wasOpened, setWasOpened] = useState(false);
  const setOpen = (next: boolean) => {
    if (next) setWasOpened(true);
    setOpenState(next);
  };
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
        <Trans>Message provider</Trans>
      </Button>
      {isTraveler && wasOpened && (
        <Suspense fallback={null}>
          <InquiryDialog
            open={open}
            onOpenChange={setOpen}
            providerName={providerName}
            services={services}
            onSent={(conversationId) => navigate(`/messages?conversation=${conversationId}`)}
          />
        </Suspense>
      )}
    </>
  );
}
