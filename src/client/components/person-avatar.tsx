import { useState } from 'react';
import { initialsOf } from '@shared/domain/initials';
import { photoSources } from '@shared/domain/photos';
import { useHydrated } from '@/lib/hydration';
import { cn } from '@/lib/utils';

/** Avatars are square; the demo ones are drawn at 128x128. */
const AVATAR_SIZE = 128;

/**
 * A provider's or reviewer's picture, with their initials underneath while it loads, when there is
 * none, or when it fails. A plain <img> (with its size, loaded lazily) rather than Radix's Avatar:
 * the server can render it, and it costs the first chunk nothing.
 */
export function PersonAvatar({
  name,
  image,
  className,
  fallbackClassName,
  maxInitials = 2,
  sizes = '64px',
  onceLive = false,
}: {
  name: string | null | undefined;
  image: string | null | undefined;
  className?: string;
  fallbackClassName?: string;
  maxInitials?: 1 | 2;
  /** How wide the avatar is drawn (CSS `sizes`), so an uploaded one is fetched at a fitting width. */
  sizes?: string;
  /**
   * The picture only once the page is live (the initials before): for avatars below a page's first
   * screen, which would otherwise be fetched beside the page's own files before its first paint.
   */
  onceLive?: boolean;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const hydrated = useHydrated();
  const showImage = Boolean(image) && failedSrc !== image && (!onceLive || hydrated);
  const sources = image ? photoSources(image, sizes) : undefined;
  // A server-rendered picture can fail before React hydrates and listens for onError: look once it
  // is attached (a broken image is complete with no width), as ServicePhoto does.
  const checkLoaded = (img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0 && img.currentSrc && image) setFailedSrc(image);
  };
  return (
    <span data-slot="avatar" className={cn('relative flex size-8 shrink-0 overflow-hidden rounded-full', className)}>
      <span
        data-slot="avatar-fallback"
        aria-hidden="true"
        className={cn(
          'flex size-full items-center justify-center rounded-full bg-accent font-semibold text-accent-foreground dark:bg-primary/20 dark:text-primary',
          fallbackClassName,
        )}
      >
        {initialsOf(name, maxInitials) || '?'}
      </span>
      {showImage && image && (
        <img
          data-slot="avatar-image"
          sizes={sources?.sizes}
          srcSet={sources?.srcSet}
          src={sources?.src}
          alt=""
          width={AVATAR_SIZE}
          height={AVATAR_SIZE}
          loading="lazy"
          decoding="async"
          ref={checkLoaded}
          onError={() => setFailedSrc(image)}
          className="absolute inset-0 aspect-square size-full object-cover"
        />
      )}
    </span>
  );
}
