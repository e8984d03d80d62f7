import type { User } from '@shared/api/auth';
import { initialsOf } from '@shared/domain/initials';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';

/** A provider's or reviewer's picture, with their initials while it loads or when there is none. */
export function PersonAvatar({
  name,
  image,
  className,
  fallbackClassName,
  maxInitials = 2,
}: {
  name: string | null | undefined;
  image: string | null | undefined;
  className?: string;
  fallbackClassName?: string;
  maxInitials?: 1 | 2;
}) {
  return (
    <Avatar className={className}>
      {image && <AvatarImage src={image} alt="" />}
      <AvatarFallback className={cn(fallbackClassName)} aria-hidden="true">
        {initialsOf(name, maxInitials) || '?'}
      </AvatarFallback>
    </Avatar>
  );
}

/** The signed-in user's picture, else the first letter of their name or email (SPEC.md section 2, Header). */
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
  return (
    <PersonAvatar
      name={user.name?.trim() || user.email}
      image={src !== undefined ? src : user.image}
      maxInitials={1}
      className={className}
      fallbackClassName={fallbackClassName}
    />
  );
}
