import type { User } from '@shared/api/auth-responses';
import { PersonAvatar } from './person-avatar';

// Apart from PersonAvatar, which the first page shows: only the account menu and settings use it.

/** The signed-in user's picture, else the first letter of their name or email (docs/product.md). */
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
