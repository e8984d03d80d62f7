import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';

/** Up to two initials of a name ('Made Suardana' -> 'MS'). */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((w) => w?.charAt(0).toUpperCase()).join('') || '?';
}

/** A provider's or reviewer's picture, with their initials while it loads or when there is none. */
export function PersonAvatar({
  name,
  image,
  className,
  fallbackClassName,
}: {
  name: string | null | undefined;
  image: string | null | undefined;
  className?: string;
  fallbackClassName?: string;
}) {
  return (
    <Avatar className={className}>
      {image && <AvatarImage src={image} alt="" />}
      <AvatarFallback className={cn(fallbackClassName)} aria-hidden="true">
        {initialsOf(name)}
      </AvatarFallback>
    </Avatar>
  );
}
