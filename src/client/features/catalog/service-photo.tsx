import { useState } from 'react';
import { ImageOff } from 'lucide-react';
import { cn } from '@/lib/utils';
import { fallbackPhoto, PLACEHOLDER_PHOTO } from '@/lib/format';

/**
 * A service picture that never shows a broken image: when `src` is missing or fails to load it
 * falls back to the category's illustration, then a neutral placeholder, then a built-in icon.
 * Give it a sized parent (e.g. aspect-[4/3]); it fills it.
 */
export function ServicePhoto({
  src,
  categorySlug,
  alt,
  loading = 'lazy',
  className,
}: {
  src: string | undefined;
  categorySlug?: string;
  alt: string;
  loading?: 'eager' | 'lazy';
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

  return (
    <img
      src={current}
      alt={alt}
      loading={loading}
      decoding="async"
      draggable={false}
      ref={checkLoaded}
      onError={next}
      className={cn('size-full bg-muted object-cover', className)}
    />
  );
}
