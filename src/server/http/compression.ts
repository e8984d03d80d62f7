import { pipeline, type Readable } from 'node:stream';
import zlib, { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Text worth compressing: HTML, CSS, JavaScript, JSON, XML and SVG. Images and fonts are already packed. */
export const COMPRESSIBLE_TYPE = /^text\/(?!event-stream)|[/+]json(?:;|$)|[/+]xml(?:;|$)|javascript(?:;|$)/u;

/** Bodies smaller than this go out as they are: the framing would eat the gain. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

// Quality 4 costs about as much CPU as gzip -6 and still beats it; 11 is for build time.
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_OPTIONS = { level: 6 };

/** br when the client takes it at least as gladly as gzip, else gzip, else nothing (RFC 9110 q-values). */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = weight === undefined ? 1 : Number(weight.slice(2));
    if (token) q.set(token, Number.isFinite(value) ? value : 0);
  }
  const weightOf = (encoding: string) => q.get(encoding) ?? q.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return undefined;
}

function isStream(payload: unknown): payload is Readable {
  return typeof payload === 'object' && payload !== null && typeof (payload as Readable).pipe === 'function';
}

/** The same encoding @fastify/compress applies to routes, for the not-found handler's responses. */
function compressNotFoundReply(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const encoded = reply.getHeader('content-encoding');
  if (
    !encoding ||
    (encoded !== undefined && encoded !== 'identity') ||
    request.headers['x-no-compression'] !== undefined
  )
    return payload;
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
    if (Buffer.byteLength(payload) < COMPRESSION_THRESHOLD_BYTES) return payload;
    const body =
      encoding === 'br' ? zlib.brotliCompressSync(payload, BROTLI_OPTIONS) : zlib.gzipSync(payload, GZIP_OPTIONS);
    void reply.header('content-encoding', encoding).header('content-length', body.length);
    return body;
  }
  if (!isStream(payload)) return payload;
  const compressor = encoding === 'br' ? zlib.createBrotliCompress(BROTLI_OPTIONS) : zlib.createGzip(GZIP_OPTIONS);
  void reply.header('content-encoding', encoding).removeHeader('content-length');
  pipeline(payload, compressor, (error) => {
    if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') request.log.warn({ err: error }, 'compression failed');
  });
  return compressor;
}

function contentTypeOf(reply: FastifyReply): string {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' ? type : 'application/json';
}

/**
 * Brotli or gzip (by the client's Accept-Encoding; br preferred) for every text response of one
 * kilobyte or more: API JSON, server-rendered HTML, SVG illustrations. Built client assets are not
 * compressed here: `vite build` writes .br and .gz next to each one and @fastify/static serves those
 * (preCompressed), so this plugin sees them already encoded and leaves them alone.
 *
 * Register it before the routes: @fastify/compress attaches itself to routes as they are added.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      globalCompression: true,
      // Request bodies stay plain JSON: nothing is inflated before bodyLimit is counted.
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: COMPRESSION_THRESHOLD_BYTES,
      customTypes: COMPRESSIBLE_TYPE,
      brotliOptions: BROTLI_OPTIONS,
      zlibOptions: GZIP_OPTIONS,
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (!COMPRESSIBLE_TYPE.test(contentTypeOf(reply))) return payload;
      // Every text response says it depends on Accept-Encoding, also the small ones sent as they
      // are, so that no shared cache hands a compressed body to a client that did not ask for one.
      addVaryAcceptEncoding(reply);
      // @fastify/compress hooks into routes, and the not-found handler (which serves the pages of
      // the client app) is not one: its text is compressed here.
      return request.is404 ? compressNotFoundReply(request, reply, payload) : payload;
    });
  },
  { name: 'compression' },
);

/** Adds `accept-encoding` to Vary once (lower case, as @fastify/compress and @fastify/static check it). */
export function addVaryAcceptEncoding(reply: FastifyReply) {
  const current = reply.getHeader('vary');
  if (current === undefined) {
    void reply.header('vary', 'accept-encoding');
    return;
  }
  const value = Array.isArray(current) ? current.join(', ') : String(current);
  const tokens = value.split(',').map((token) => token.trim().toLowerCase());
  if (tokens.includes('accept-encoding') || tokens.includes('*')) return;
  void reply.header('vary', `${value}, accept-encoding`);
}
