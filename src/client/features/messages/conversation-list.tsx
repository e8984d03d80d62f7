import { Link } from 'react-router';
import type { Conversation } from '@shared/api/conversations';
import { PersonAvatar } from '@/components/person-avatar';
import { cn } from '@/lib/utils';

/** SPEC.md section 2, Messages: the other party's avatar, name and service title, with unread counts. */
export function ConversationList({
  conversations,
  selectedId,
}: {
  conversations: readonly Conversation[];
  selectedId: string | undefined;
}) {
  return (
    <ul className="flex flex-col" aria-label="Conversations">
      {conversations.map((c) => {
        const isSelected = c.id === selectedId;
        const name = c.counterpart.name ?? 'Unknown';
        return (
          <li key={c.id}>
            <Link
              to={`/messages?booking=${c.id}`}
              aria-current={isSelected ? 'page' : undefined}
              className={cn(
                'flex items-center gap-3 border-b px-4 py-3 outline-none hover:bg-accent/60 focus-visible:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-inset',
                isSelected && 'bg-accent text-accent-foreground',
              )}
            >
              <PersonAvatar name={name} image={c.counterpart.image} className="size-10" />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium">{name}</span>
                <span className="truncate text-sm text-muted-foreground">{c.service.title}</span>
              </span>
              {c.unreadCount > 0 && (
                <span
                  className="inline-flex min-w-6 items-center justify-center rounded-full bg-primary px-1.5 text-xs leading-6 font-semibold text-primary-foreground"
                  data-testid="conversation-unread"
                >
                  {c.unreadCount}
                  <span className="sr-only"> unread</span>
                </span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
