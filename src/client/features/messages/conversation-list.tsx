import { Link } from 'react-router';
import type { Conversation, InquiryConversation } from '@shared/api/conversations-responses';
import { PersonAvatar } from '@/components/person-avatar';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import type { ThreadRef } from './messages-api';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * One row of /messages: a booking's thread (GET /api/bookings/with-messages) or an open inquiry
 * about a service before any booking (GET /api/inquiries, decision 025).
 */
export type ConversationItem = {
  ref: ThreadRef;
  booking: Conversation['booking'] | null;
  service: Conversation['service'];
  counterpart: Conversation['counterpart'];
  unreadCount: number;
  lastActivityAt: string;
};

/** Both kinds in one list, newest activity first. */
export function mergeConversations(
  bookings: readonly Conversation[],
  inquiries: readonly InquiryConversation[],
): ConversationItem[] {
  const items: ConversationItem[] = [
    ...bookings.map((c) => ({ ...c, ref: { kind: 'booking' as const, id: c.id } })),
    ...inquiries.map((c) => ({ ...c, booking: null, ref: { kind: 'inquiry' as const, id: c.id } })),
  ];
  return items.sort((a, b) => b.lastActivityAt.localeCompare(a.lastActivityAt));
}

/** The address that selects a conversation: `?booking=` (docs/product.md) or `?conversation=` (an inquiry). */
export const conversationHref = (ref: ThreadRef) =>
  ref.kind === 'booking' ? `/messages?booking=${ref.id}` : `/messages?conversation=${ref.id}`;

/** docs/product.md: the other party's avatar, name and service title, with unread counts. */
export function ConversationList({
  conversations,
  selected,
}: {
  conversations: readonly ConversationItem[];
  selected: ThreadRef | undefined;
}) {
  const { t } = useLingui();
  return (
    <ul className="flex flex-col" aria-label={t`Conversations`}>
      {conversations.map((c) => {
        const isSelected = c.ref.kind === selected?.kind && c.ref.id === selected.id;
        const name = c.counterpart.name ?? t`Unknown`;
        return (
          <li key={`${c.ref.kind}:${c.ref.id}`}>
            <Link
              to={conversationHref(c.ref)}
              aria-current={isSelected ? 'page' : undefined}
              className={cn(
                'flex items-center gap-3 border-b px-4 py-3 outline-none hover:bg-accent/60 focus-visible:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-inset',
                isSelected && 'bg-accent text-accent-foreground',
              )}
            >
              <PersonAvatar name={name} image={c.counterpart.image} className="size-10" />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium">{name}</span>
                <span className="flex min-w-0 items-center gap-1.5">
                  {c.ref.kind === 'inquiry' && (
                    <Badge variant="outline" className="shrink-0 px-1.5 py-0 text-[0.7rem]">
                      <Trans>Inquiry</Trans>
                    </Badge>
                  )}
                  <span className="truncate text-sm text-muted-foreground">{c.service.title}</span>
                </span>
              </span>
              {c.unreadCount > 0 && (
                <span
                  className="inline-flex min-w-6 items-center justify-center rounded-full bg-primary px-1.5 text-xs leading-6 font-semibold text-primary-foreground"
                  data-testid="conversation-unread"
                >
                  {c.unreadCount}
                  <span className="sr-only">
                    {' '}
                    <Trans>unread</Trans>
                  </span>
                </span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
