import { useState } from 'react';
import { ImageOff } from '@/components/icons';
import { cn } from '@/lib/utils';
import { photoSources } from '@shared/domain/photos';
import { fallbackPhoto, PLACEHOLDER_PHOTO } from '@/lib/format';

/** Service pictures are 4:3 (the demo illustrations are drawn at 800x600, the cards are 4:3 boxes). */
export const PHOTO_WIDTH = 800;
export const PHOTO_HEIGHT = 600;

/** How wide a service card's picture is drawn: the browse and featured grids (1 to 4 columns). */
export const CARD_PHOTO_SIZES = '(min-width: 1280px) 300px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

/**
 * A service picture that never shows a broken image: when `src` is missing or fails to load it
 * falls back to the category's illustration, then a neutral placeholder, then a built-in icon.
 * Give it a sized parent (e.g. aspect-[4/3]); it fills it. It carries its width and height (4:3),
 * so nothing shifts while it loads.
 *
 * `priority` is for the page's largest picture (its LCP element, e.g. the service page's first
 * photo): fetched eagerly and first. The others load lazily unless `loading="eager"`.
 */
export function ServicePhoto({
  src,
  categorySlug,
  alt,
  loading = 'lazy',
  priority = false,
  sizes = CARD_PHOTO_SIZES,
  className,
}: {
  src: string | undefined;
  categorySlug?: string;
  alt: string;
  loading?: 'eager' | 'lazy';
  priority?: boolean;
  /** How wide the picture is drawn (the `sizes` attribute): picks the right width of an upload. */
  sizes?: string;
  className?: string;
}) {
  const candidates = [...new Set([src, fallbackPhoto(categorySlug), PLACEHOLDER_PHOTO].filter(Boolean))] as string[];
  const key = candidates.join('|');
  const [failures, setFailures] = useState({ key, count: 0 });
  // A new picture (another slide or card) starts again from its own source.
  const failed = failures.key === key ? failures.count : 0;
  const current = candidates[failed];
  const next = () => setFailures({ key, count: failed + 1 });
  // A server-rendered picture can fail before React hydrates and listens for onError: look once
  // it is attached (a broken image is complete with no width).
  const checkLoaded = (img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0 && img.currentSrc) next();
  };

  if (!current) {
    return (
      <div
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        className={cn('flex size-full items-center justify-center bg-muted text-muted-foreground', className)}
      >
        <ImageOff className="size-8" aria-hidden="true" />
      </div>
    );
  }

  // Our uploads come in several widths (srcset); other pictures are one file.
  const sources = photoSources(current, sizes);
  return (
    <img
      sizes={sources.sizes}
      srcSet={sources.srcSet}
      src={sources.src}
      alt={alt}
      width={PHOTO_WIDTH}
      height={PHOTO_HEIGHT}
      loading={priority ? 'eager' : loading}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      draggable={false}
      ref={checkLoaded}
      onError={next}
      className={cn('size-full bg-muted object-cover', className)}
    />
  );
}
