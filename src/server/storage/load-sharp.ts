import type sharpModule from 'sharp';

let loading: Promise<typeof sharpModule> | undefined;

/**
 * sharp (libvips), loaded on first use: only uploads, identity documents and the first start's demo
 * documents need it, and loading it costs the server's start tens of milliseconds.
 */
export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import('sharp').then((m) => m.default);
  return loading;
}
