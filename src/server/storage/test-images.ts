import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import sharp from 'sharp';

/** Test pictures, made with sharp (and one real HEIC file made with libheif's heif-enc). */

const here = path.dirname(fileURLToPath(import.meta.url));

/** A 96 x 64 HEIC (HEVC): left half red, right half blue. */
export const HEIC_96x64 = fs.readFileSync(path.join(here, 'fixtures', 'photo.heic'));

/** A width x height picture: left half red, right half blue (so orientation can be checked). */
export function halves(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const red = x < width / 2;
      raw[i] = red ? 220 : 30;
      raw[i + 1] = 30;
      raw[i + 2] = red ? 30 : 220;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

export const png = (w = 64, h = 48) => halves(w, h).png().toBuffer();
export const webp = (w = 64, h = 48) => halves(w, h).webp().toBuffer();

/** A JPEG with GPS coordinates, a camera model and an EXIF orientation (6: rotate 90° clockwise). */
export function jpegWithGps(w = 64, h = 48, orientation = 1) {
  return halves(w, h)
    .jpeg()
    .withExif({
      IFD0: { Make: 'LocoraCam', Model: 'Secret Model' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 30/1', GPSLongitudeRef: 'W', GPSLongitude: '9/1 8/1 20/1' },
    })
    .withMetadata({ orientation })
    .toBuffer();
}

/** The colour at (x, y) of an encoded picture. */
export async function pixelAt(bytes: Buffer, x: number, y: number) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return { r: data[i]!, g: data[i + 1]!, b: data[i + 2]! };
}

/**
 * A valid black-and-white PNG of `size` x `size` pixels (1 bit each, all black): a few dozen
 * kilobytes that would decode to gigabytes. Written by hand: sharp refuses to make one.
 */
export function pngBomb(size: number) {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const row = 1 + Math.ceil(size / 8); // filter byte + pixels
  const idat = zlib.deflateSync(Buffer.alloc(row * size), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * pngBomb for sizes whose pixels would not fit in memory even once (50000 x 50000: 312 MB of
 * rows): the rows are compressed a megabyte at a time.
 */
export async function pngBombStreamed(size: number): Promise<Buffer> {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const total = (1 + Math.ceil(size / 8)) * size;
  const deflate = zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const block = Buffer.alloc(1024 * 1024);
  for (let left = total; left > 0; left -= block.length) {
    if (!deflate.write(left >= block.length ? block : block.subarray(0, left))) {
      await new Promise((resolve) => deflate.once('drain', resolve));
    }
  }
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.concat(out)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
