import { PHOTO_WIDTHS } from './constants.ts';

/**
 * Uploaded photos are stored as WebP at several widths (server: storage/images.ts) under names
 * `/uploads/photos/<uuid>-w<width>.webp`. Rows keep one URL, the largest width; every smaller
 * width follows from it (PHOTO_WIDTHS below it), so a page can offer a srcset without asking.
 */

/** The widths stored for a picture whose largest stored width is `largest` (or its own width). */
export function photoVariantWidths(largest: number): number[] {
  const top = Math.min(largest, PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!);
  return [...PHOTO_WIDTHS.filter((w) => w < top), top];
}

const UPLOADED_PHOTO =
  /^\/uploads\/photos\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-w(\d{1,5})\.webp$/;

/** The width a plain `src` falls back to (browsers that ignore srcset, e.g. some crawlers). */
const FALLBACK_WIDTH = 800;

export type PhotoSources = { src: string; srcSet?: string; sizes?: string };

/**
 * What an <img> needs to show a photo at the right size: for one of our uploads a srcset of every
 * stored width (and `sizes`, when given); for any other URL (demo artwork, a Google avatar) just
 * the URL.
 */
export function photoSources(url: string, sizes?: string): PhotoSources {
  const match = UPLOADED_PHOTO.exec(url);
  if (!match) return { src: url };
  const [, id, largest] = match;
  const widths = photoVariantWidths(Number(largest));
  if (widths[widths.length - 1] !== Number(largest)) return { src: url }; // not a name we make
  const at = (w: number) => `/uploads/photos/${id}-w${w}.webp`;
  const fallback = [...widths].reverse().find((w) => w <= FALLBACK_WIDTH) ?? widths[0]!;
  return {
    src: at(fallback),
    srcSet: widths.map((w) => `${at(w)} ${w}w`).join(', '),
    ...(sizes ? { sizes } : {}),
  };
}

/**
 * How wide the service page draws its photos (the carousel's `sizes`): its main column, max-w-7xl
 * less the 22rem side column from lg. The page's head preloads the first photo with it.
 */
export const CAROUSEL_SIZES = '(min-width: 1280px) 830px, (min-width: 1024px) calc(100vw - 27rem), 100vw';
