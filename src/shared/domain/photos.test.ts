import { describe, expect, it } from 'vitest';
import { photoSources, photoVariantWidths } from './photos.ts';

const ID = '0b5f2a3c-9d4e-4f60-8a71-2b3c4d5e6f70';
const at = (w: number) => `/uploads/photos/${ID}-w${w}.webp`;

describe('photoVariantWidths', () => {
  it('lists the standard widths below the largest, then the largest (never above 1600)', () => {
    expect(photoVariantWidths(1600)).toEqual([160, 400, 800, 1600]);
    expect(photoVariantWidths(5000)).toEqual([160, 400, 800, 1600]);
    expect(photoVariantWidths(1200)).toEqual([160, 400, 800, 1200]);
    expect(photoVariantWidths(800)).toEqual([160, 400, 800]);
    expect(photoVariantWidths(300)).toEqual([160, 300]);
    expect(photoVariantWidths(160)).toEqual([160]);
    expect(photoVariantWidths(96)).toEqual([96]);
  });
});

describe('photoSources', () => {
  it('gives our uploads a srcset of every stored width and an 800 px fallback', () => {
    expect(photoSources(at(1600), '100vw')).toEqual({
      src: at(800),
      srcSet: `${at(160)} 160w, ${at(400)} 400w, ${at(800)} 800w, ${at(1600)} 1600w`,
      sizes: '100vw',
    });
    expect(photoSources(at(1200))).toEqual({
      src: at(800),
      srcSet: `${at(160)} 160w, ${at(400)} 400w, ${at(800)} 800w, ${at(1200)} 1200w`,
    });
    expect(photoSources(at(640), '48px')).toEqual({
      src: at(640),
      srcSet: `${at(160)} 160w, ${at(400)} 400w, ${at(640)} 640w`,
      sizes: '48px',
    });
    expect(photoSources(at(96))).toEqual({ src: at(96), srcSet: `${at(96)} 96w` });
  });

  it('leaves every other URL as it is', () => {
    for (const url of [
      '/demo/artwork/tours-1.webp',
      '/media/placeholder.svg',
      'https://lh3.googleusercontent.com/a/photo.jpg',
      '/uploads/avatars/0b5f2a3c-9d4e-4f60-8a71-2b3c4d5e6f70.png',
      `/uploads/photos/${ID}.webp`,
      `/uploads/photos/${ID}-w1700.webp`, // wider than we ever store: not one of ours
      `/uploads/photos/${ID}-w800.webp?x=1`,
      `https://cdn.example/uploads/photos/${ID}-w800.webp`,
      '',
    ]) {
      expect(photoSources(url, '100vw')).toEqual({ src: url });
    }
  });
});
