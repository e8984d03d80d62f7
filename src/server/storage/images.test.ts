import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_WIDTHS } from '../../shared/domain/constants.ts';
import { processImage, sniffImage, variantWidths } from './images.ts';
import { HEIC_96x64, halves, jpegWithGps, pixelAt, png, pngBomb, webp } from './test-images.ts';

async function refusal(bytes: Buffer) {
  const err = await processImage(bytes).then(
    () => undefined,
    (e: unknown) => e as { statusCode: number; message: string },
  );
  expect(err, 'the file should be refused').toBeDefined();
  return err!;
}

describe('variantWidths', () => {
  it('keeps the standard widths below the picture and adds its own, never enlarging', () => {
    expect(PHOTO_WIDTHS).toEqual([160, 400, 800, 1600]);
    expect(variantWidths(4000)).toEqual([160, 400, 800, 1600]);
    expect(variantWidths(1600)).toEqual([160, 400, 800, 1600]);
    expect(variantWidths(1000)).toEqual([160, 400, 800, 1000]);
    expect(variantWidths(800)).toEqual([160, 400, 800]);
    expect(variantWidths(401)).toEqual([160, 400, 401]);
    expect(variantWidths(100)).toEqual([100]);
    expect(variantWidths(1)).toEqual([1]);
  });
});

describe('sniffImage', () => {
  it('recognises the four formats by their bytes, whatever they are called', async () => {
    expect(sniffImage(await png())).toBe('png');
    expect(sniffImage(await webp())).toBe('webp');
    expect(sniffImage(await jpegWithGps())).toBe('jpeg');
    expect(sniffImage(HEIC_96x64)).toBe('heic');
  });

  it('refuses everything else', async () => {
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBe(
      undefined,
    );
    expect(sniffImage(Buffer.from('GIF89a\x01\x00\x01\x00'))).toBe(undefined);
    expect(sniffImage(Buffer.from('%PDF-1.7\n'))).toBe(undefined);
    expect(sniffImage(Buffer.from('<!doctype html><html>'))).toBe(undefined);
    expect(sniffImage(Buffer.alloc(0))).toBe(undefined);
    expect(sniffImage(await halves(16, 16).avif().toBuffer())).toBe(undefined); // AVIF: mif1 without HEVC
    expect(sniffImage(await halves(16, 16).gif().toBuffer())).toBe(undefined);
  });
});

describe('processImage', () => {
  it('re-encodes a JPEG to WebP at each width, without EXIF, GPS, XMP or ICC, orientation applied', async () => {
    // 2000 x 1000 stored sideways (orientation 6): shown as 1000 wide, 2000 tall.
    const input = await jpegWithGps(2000, 1000, 6);
    expect((await sharp(input).metadata()).exif?.toString('latin1')).toContain('Secret Model');
    const { kind, variants } = await processImage(input);
    expect(kind).toBe('jpeg');
    expect(variants.map((v) => [v.width, v.height])).toEqual([
      [160, 320],
      [400, 800],
      [800, 1600],
      [1000, 2000],
    ]);
    for (const v of variants) {
      const meta = await sharp(v.bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(v.bytes.toString('latin1')).not.toContain('Secret Model');
      expect(v.bytes.toString('latin1')).not.toContain('LocoraCam');
    }
    // Rotated 90° clockwise: the red left half is now on top, the blue one at the bottom.
    const largest = variants[3]!.bytes;
    const top = await pixelAt(largest, 500, 100);
    const bottom = await pixelAt(largest, 500, 1900);
    expect(top.r).toBeGreaterThan(150);
    expect(top.b).toBeLessThan(90);
    expect(bottom.b).toBeGreaterThan(150);
    expect(bottom.r).toBeLessThan(90);
  });

  it('takes PNG and WebP, and never enlarges a small picture', async () => {
    const fromPng = await processImage(await png(300, 200));
    expect(fromPng.variants.map((v) => [v.width, v.height])).toEqual([
      [160, 107],
      [300, 200],
    ]);
    const fromWebp = await processImage(await webp(120, 90));
    expect(fromWebp.variants.map((v) => [v.width, v.height])).toEqual([[120, 90]]);
  });

  it('decodes a real HEIC (HEVC) photo', async () => {
    const { kind, variants } = await processImage(HEIC_96x64);
    expect(kind).toBe('heic');
    expect(variants.map((v) => [v.width, v.height])).toEqual([[96, 64]]);
    const meta = await sharp(variants[0]!.bytes).metadata();
    expect(meta.format).toBe('webp');
    const left = await pixelAt(variants[0]!.bytes, 10, 32);
    const right = await pixelAt(variants[0]!.bytes, 86, 32);
    expect(left.r).toBeGreaterThan(150);
    expect(right.b).toBeGreaterThan(150);
  });

  it('refuses hostile and broken files with 415 and a clear message', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
    );
    expect(await refusal(svg)).toMatchObject({
      statusCode: 415,
      message: 'The file must be a JPEG, PNG, WebP or HEIC image.',
    });
    expect((await refusal(Buffer.alloc(0))).message).toBe('The file is empty.');
    expect((await refusal(await halves(16, 16).gif().toBuffer())).statusCode).toBe(415);
    expect((await refusal(Buffer.from('%PDF-1.4\n%âãÏÓ\n'))).statusCode).toBe(415);
    expect((await refusal(Buffer.from('<html><script>alert(1)</script></html>'))).statusCode).toBe(415);

    const jpeg = await halves(400, 300).jpeg().toBuffer();
    const truncated = await refusal(jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expect(truncated).toMatchObject({ statusCode: 415, message: 'The image could not be read. Is the file complete?' });
    const truncatedPng = await png(400, 300);
    expect((await refusal(truncatedPng.subarray(0, truncatedPng.length - 40))).statusCode).toBe(415);
    expect((await refusal(HEIC_96x64.subarray(0, 300))).statusCode).toBe(415);

    // JPEG magic followed by HTML: a polyglot that is no picture.
    const polyglot = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<script>alert(1)</script>')]);
    expect((await refusal(polyglot)).statusCode).toBe(415);
  });

  it('refuses a decompression bomb from its header, before decoding it', async () => {
    // A 20000 x 20000 PNG (400 megapixels) of one colour compresses to a small file.
    const bomb = pngBomb(20000);
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 20000, height: 20000 });
    const err = await refusal(bomb);
    expect(err.statusCode).toBe(415);
    expect(err.message).toMatch(/too large: at most 50 megapixels \(this one is 20000 x 20000\)/);
  });

  it('refuses a picture far too long for its width', async () => {
    const err = await refusal(await png(2000, 100));
    expect(err.message).toMatch(/too narrow/);
  });
});
