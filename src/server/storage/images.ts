import { createRequire } from 'node:module';
import { msg } from '@lingui/core/macro';
import type { Metadata, Sharp } from 'sharp';
import { UPLOAD_MAX_ASPECT_RATIO, UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS } from '../../shared/domain/constants.ts';
import { photoVariantWidths } from '../../shared/domain/photos.ts';
import { localized } from '../http/api-messages.ts';
import { AppError, type LocalizedText } from '../http/errors.ts';
import { loadSharp } from './load-sharp.ts';

/**
 * The photo pipeline: recognises an image by its content (never by its name or declared type),
 * decodes it (HEIC through libheif compiled to WebAssembly: the libvips that sharp ships reads
 * HEIF containers but has no HEVC decoder), applies the EXIF orientation, drops every piece of
 * metadata (EXIF, GPS, XMP, IPTC, ICC: pixels are converted to sRGB) and encodes WebP at each of
 * PHOTO_WIDTHS up to the picture's own width (never enlarged).
 */

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'heic';

export const UNSUPPORTED_IMAGE_MESSAGE = 'The file must be a JPEG, PNG, WebP or HEIC image.';
export const UPLOAD_TOO_LARGE_MESSAGE = `The image must be at most ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB.`;

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);

/** What the first bytes say the file is; undefined for anything we do not take. */
export function sniffImage(buf: Uint8Array): ImageKind | undefined {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (b.length >= 16 && b.toString('latin1', 4, 8) === 'ftyp') {
    const boxSize = b.readUInt32BE(0);
    const major = b.toString('latin1', 8, 12);
    if (!HEIC_BRANDS.has(major) || boxSize < 16 || boxSize > Math.min(b.length, 4096)) return undefined;
    // mif1/msf1 are generic HEIF brands (AVIF files use them too): require an HEVC brand among
    // the compatible ones.
    const brands = [major];
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(b.toString('latin1', at, at + 4));
    return brands.some((brand) => HEVC_BRANDS.has(brand)) ? 'heic' : undefined;
  }
  return undefined;
}

export type EncodedVariant = { width: number; height: number; bytes: Buffer };
export type ProcessedImage = { kind: ImageKind; variants: EncodedVariant[] };

const unsupported = (why: string | LocalizedText = UNSUPPORTED_IMAGE_MESSAGE) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', why);

function checkDimensions(width: number | undefined, height: number | undefined) {
  if (!width || !height) throw unsupported('The image could not be read. Is the file complete?');
  if (width * height > UPLOAD_MAX_PIXELS) {
    const megapixels = Math.round(UPLOAD_MAX_PIXELS / 1_000_000);
    throw unsupported(
      localized((i18n) =>
        i18n._(msg`The image is too large: at most ${megapixels} megapixels (this one is ${width} x ${height}).`),
      ),
    );
  }
  if (Math.max(width / height, height / width) > UPLOAD_MAX_ASPECT_RATIO) {
    throw unsupported(`The image is too narrow: at most ${UPLOAD_MAX_ASPECT_RATIO} times as long as it is wide.`);
  }
}

type HeicImage = {
  width: number;
  height: number;
  decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
};
type HeicDecode = { all(input: { buffer: Uint8Array }): Promise<HeicImage[] & { dispose(): void }> };

let heicDecoder: HeicDecode | undefined;
function loadHeicDecoder(): HeicDecode {
  // CommonJS with a WebAssembly bundle: loaded on the first HEIC upload only.
  heicDecoder ??= createRequire(import.meta.url)('heic-decode') as HeicDecode;
  return heicDecoder;
}

/** Decodes a HEIC to raw RGBA pixels (orientation already applied by libheif). */
async function decodeHeic(buf: Buffer): Promise<Sharp> {
  let images: Awaited<ReturnType<HeicDecode['all']>>;
  try {
    images = await loadHeicDecoder().all({ buffer: buf });
  } catch {
    throw unsupported('The HEIC image could not be read. Is the file complete?');
  }
  try {
    const first = images[0];
    if (!first) throw unsupported('The HEIC file holds no image.');
    // The size is in the header: refuse a bomb before decoding a single pixel.
    checkDimensions(first.width, first.height);
    let decoded: Awaited<ReturnType<HeicImage['decode']>>;
    try {
      decoded = await first.decode();
    } catch {
      throw unsupported('The HEIC image could not be read. Is the file complete?');
    }
    const { width, height, data } = decoded;
    const sharp = await loadSharp();
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
      raw: { width, height, channels: 4 },
      limitInputPixels: UPLOAD_MAX_PIXELS,
    });
  } finally {
    images.dispose();
  }
}

/** At most this many images are decoded at once per process: each can take hundreds of MB. */
const MAX_PARALLEL = 2;
let running = 0;
const waiting: (() => void)[] = [];
async function withSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await fn();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/** The widths we encode for a picture `width` pixels wide: PHOTO_WIDTHS below it, then its own (capped). */
export const variantWidths = photoVariantWidths;

/**
 * Checks and re-encodes an uploaded image. Throws AppError 415 for anything that is not a whole,
 * reasonably sized JPEG, PNG, WebP or HEIC picture.
 */
export async function processImage(buf: Buffer): Promise<ProcessedImage> {
  if (buf.length === 0) throw unsupported('The file is empty.');
  const kind = sniffImage(buf);
  if (!kind) throw unsupported();
  const sharp = await loadSharp();
  return withSlot(async () => {
    let input: Sharp;
    let orientedWidth: number;
    if (kind === 'heic') {
      input = await decodeHeic(buf);
      orientedWidth = (await input.metadata()).width;
    } else {
      // failOn 'warning' (the default, said out loud): a truncated or corrupt file is refused.
      input = sharp(buf, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'warning', animated: false });
      let meta: Metadata;
      try {
        // Reads the header only: the pixel limit is checked below with a clear message, and
        // enforced again by limitInputPixels when decoding.
        meta = await sharp(buf, { limitInputPixels: false }).metadata();
      } catch {
        throw unsupported('The image could not be read. Is the file complete?');
      }
      // The content must be what its first bytes claimed (no polyglots decoded as something else).
      if (meta.format !== kind) throw unsupported();
      checkDimensions(meta.width, meta.height);
      orientedWidth = meta.autoOrient.width;
    }
    // rotate() with no angle applies the EXIF orientation; sharp writes no metadata unless asked
    // (no withMetadata/keepExif/keepIccProfile here) and converts the pixels to sRGB.
    const oriented = input.rotate();
    const variants: EncodedVariant[] = [];
    try {
      for (const width of variantWidths(orientedWidth)) {
        const { data, info } = await oriented
          .clone()
          .resize({ width, withoutEnlargement: true })
          .toColourspace('srgb')
          .webp({ quality: 80, effort: 4 })
          .toBuffer({ resolveWithObject: true });
        variants.push({ width: info.width, height: info.height, bytes: data });
      }
    } catch {
      throw unsupported('The image could not be read. Is the file complete?');
    }
    return { kind, variants };
  });
}

/**
 * An identity document's picture, re-encoded in its own format at its own size (it must stay
 * legible): the photos' pixel and aspect limits, read from the header so a decompression bomb is
 * refused before a pixel is decoded; the EXIF orientation applied; every piece of metadata (EXIF,
 * GPS, XMP, IPTC, ICC) dropped, pixels in sRGB.
 */
export async function reencodeDocumentImage(buf: Buffer, kind: 'jpeg' | 'png'): Promise<Buffer> {
  const sharp = await loadSharp();
  return withSlot(async () => {
    let meta: Metadata;
    try {
      meta = await sharp(buf, { limitInputPixels: false }).metadata();
    } catch {
      throw unsupported('The image could not be read. Is the file complete?');
    }
    if (meta.format !== kind) throw unsupported('The image could not be read. Is the file complete?');
    checkDimensions(meta.width, meta.height);
    try {
      const pixels = sharp(buf, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'warning', animated: false })
        .rotate()
        .toColourspace('srgb');
      return await (kind === 'jpeg' ? pixels.jpeg({ quality: 90 }) : pixels.png({ compressionLevel: 9 })).toBuffer();
    } catch {
      throw unsupported('The image could not be read. Is the file complete?');
    }
  });
}
