import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/lib/hydration';
import { cn } from '@/lib/utils';
import { ServicePhoto } from './service-photo';
import { CAROUSEL_SIZES } from '@shared/domain/photos';

const SWIPE_THRESHOLD_PX = 40;

/**
 * The service's photos (WAI-ARIA carousel pattern, no auto-rotation): previous/next buttons, one
 * dot per photo, Left/Right arrow keys inside it and swipes on touch screens. Without photos it
 * shows the category's illustration.
 */
export function PhotoCarousel({
  photos,
  title,
  categorySlug,
  className,
}: {
  photos: string[];
  title: string;
  categorySlug: string;
  className?: string;
}) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const [index, setIndex] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const count = photos.length;
  const current = Math.min(index, Math.max(count - 1, 0));
  const hasMany = count > 1;

  const go = (next: number) => setIndex(((next % count) + count) % count);

  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (!hasMany) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(current - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(current + 1);
    }
  }

  function handlePointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType === 'touch') swipeStart.current = event.clientX;
  }

  function handlePointerUp(event: PointerEvent<HTMLDivElement>) {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (start === null || !hasMany) return;
    const delta = event.clientX - start;
    if (Math.abs(delta) >= SWIPE_THRESHOLD_PX) go(delta < 0 ? current + 1 : current - 1);
  }

  if (count === 0) {
    return (
      <div
        className={cn('relative aspect-[4/3] overflow-hidden rounded-xl border bg-muted sm:aspect-[16/10]', className)}
      >
        <ServicePhoto
          src={undefined}
          categorySlug={categorySlug}
          alt={t`${title} (no photos yet)`}
          sizes={CAROUSEL_SIZES}
          priority
        />
      </div>
    );
  }

  return (
    <section
      aria-roledescription={t`carousel`}
      aria-label={t`Photos of ${title}`}
      onKeyDown={handleKeyDown}
      className={cn('flex flex-col gap-3', className)}
    >
      <div
        className="relative aspect-[4/3] touch-pan-y overflow-hidden rounded-xl border bg-muted sm:aspect-[16/10]"
        onPointerDown={handlePointerDown}
        onPointerUp={handlePointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        <div
          aria-live="polite"
          className="flex h-full transition-transform duration-300 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${current * 100}%)` }}
        >
          {photos.map((src, i) => {
            const number = i + 1;
            return (
              <div
                key={`${src}-${i}`}
                role="group"
                aria-roledescription={t`slide`}
                aria-label={t`${number} of ${count}`}
                inert={i !== current}
                className="h-full w-full shrink-0"
              >
                {/* The other photos once the page is live: the server's page asks for the one it shows. */}
                {(i === 0 || hydrated) && (
                  <ServicePhoto
                    src={src}
                    categorySlug={categorySlug}
                    alt={hasMany ? t`${title}, photo ${number} of ${count}` : title}
                    sizes={CAROUSEL_SIZES}
                    // The first photo is the service page's largest element: fetched first.
                    priority={i === 0}
                  />
                )}
              </div>
            );
          })}
        </div>

        {hasMany && (
          <>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t`Previous photo`}
              onClick={() => go(current - 1)}
              className="absolute top-1/2 left-3 -translate-y-1/2 rounded-full bg-background/90 text-foreground shadow-md backdrop-blur hover:bg-background dark:bg-background/80 dark:hover:bg-background"
            >
              <ChevronLeft className="size-5" aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t`Next photo`}
              onClick={() => go(current + 1)}
              className="absolute top-1/2 right-3 -translate-y-1/2 rounded-full bg-background/90 text-foreground shadow-md backdrop-blur hover:bg-background dark:bg-background/80 dark:hover:bg-background"
            >
              <ChevronRight className="size-5" aria-hidden="true" />
            </Button>
            <span className="absolute right-3 bottom-3 rounded-full bg-background/90 px-2.5 py-1 text-xs font-medium text-foreground shadow-sm dark:bg-background/80">
              {current + 1} / {count}
            </span>
          </>
        )}
      </div>

      {hasMany && (
        <div className="flex justify-center gap-1">
          {photos.map((src, i) => {
            const number = i + 1;
            return (
              <button
                key={`${src}-${i}`}
                type="button"
                aria-label={t`Show photo ${number}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
                className="group/dot flex size-6 cursor-pointer items-center justify-center rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'block h-2 rounded-full transition-all',
                    i === current
                      ? 'w-5 bg-primary'
                      : 'w-2 bg-muted-foreground/40 group-hover/dot:bg-muted-foreground/70',
                  )}
                />
              </button>
            );
          })}
        </div>
      )}
    </section>
  );
}
