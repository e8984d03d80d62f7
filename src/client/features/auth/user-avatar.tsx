import type { User } from '@shared/api/auth';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';

/** First letter of the name, else of the email, upper-cased (SPEC.md section 2, Header). */
export function userInitial(user: Pick<User, 'name' | 'email'>): string {
  const source = user.name?.trim() || user.email;
  return (source.charAt(0) || '?').toUpperCase();
}

export function UserAvatar({
  user,
  src,
  className,
  fallbackClassName,
}: {
  user: Pick<User, 'name' | 'email' | 'image'>;
  /** Overrides user.image (e.g. a local preview). */
  src?: string | null;
  className?: string;
  fallbackClassName?: string;
}) {
  const image = src !== undefined ? src : user.image;
  return (
    <Avatar className={className}>
      {image && <AvatarImage src={image} alt="" />}
      <AvatarFallback className={cn(fallbackClassName)} aria-hidden="true">
        {userInitial(user)}
      </AvatarFallback>
    </Avatar>
  );
}
