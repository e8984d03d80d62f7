/**
 * A local server speaking the S3 REST API (path-style addressing) for exactly the calls Locora
 * makes: PutObject, GetObject (with a single byte Range), HeadObject, DeleteObject and
 * ListObjectsV2, plus CreateBucket for setting up. Every request must carry an AWS Signature V4
 * `Authorization` header made with the one access key it knows: the signature is recomputed from
 * the canonical request (and the payload's SHA-256, unless it is UNSIGNED-PAYLOAD), so a wrong
 * secret, a changed header or a changed body is refused with 403 as S3 would. Objects live in
 * memory. The official `@aws-sdk/client-s3` is pointed at it through S3_ENDPOINT. Run directly, it
serves until stopped (see the end of this file).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

type StoredObject = { body: Buffer; contentType: string; etag: string; lastModified: Date };

export type S3Server = Awaited<ReturnType<typeof startS3Server>>;

export type S3ServerOptions = {
  accessKeyId?: string;
  secretAccessKey?: string;
  region?: string;
  /** Buckets that exist from the start. */
  buckets?: string[];
  /** The port to listen on (default: any free one). */
  port?: number;
};

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** RFC 3986 encoding, as SigV4 wants it. */
function sigv4Encode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

export async function startS3Server(opts: S3ServerOptions = {}) {
  const accessKeyId = opts.accessKeyId ?? 'LOCALTESTACCESSKEY';
  const secretAccessKey = opts.secretAccessKey ?? 'local-test-secret-access-key';
  const region = opts.region ?? 'us-east-1';
  const buckets = new Map<string, Map<string, StoredObject>>();
  for (const b of opts.buckets ?? ['locora']) buckets.set(b, new Map());
  /** Every request as `METHOD /path?query`, with the status it got. */
  const calls: { method: string; url: string; status: number }[] = [];

  function send(res: http.ServerResponse, status: number, body = '', headers: Record<string, string | number> = {}) {
    res.writeHead(status, { 'content-length': Buffer.byteLength(body), ...headers });
    res.end(body);
  }

  function error(res: http.ServerResponse, status: number, code: string, message: string, head: boolean) {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error>`;
    if (head) send(res, status, '', { 'x-amz-error-code': code });
    else send(res, status, xml, { 'content-type': 'application/xml' });
  }

  /** Checks the request's SigV4 signature; returns why it is refused, or undefined when it is valid. */
  function checkSignature(req: http.IncomingMessage, url: URL, body: Buffer): [string, string] | undefined {
    const auth = req.headers.authorization;
    const m = auth?.match(
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/,
    );
    if (!m) return ['AccessDenied', 'Missing or malformed AWS Signature Version 4 Authorization header.'];
    const [, keyId, date, scopeRegion, signedHeaders, signature] = m as unknown as string[];
    if (keyId !== accessKeyId) return ['InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist.'];
    if (scopeRegion !== region) return ['AuthorizationHeaderMalformed', `The region ${scopeRegion} is wrong.`];
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    if (!amzDate.startsWith(date!)) return ['AccessDenied', 'X-Amz-Date does not match the credential scope.'];
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) {
      return ['XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 does not match the payload.'];
    }
    const names = signedHeaders!.split(';');
    if (!names.includes('host')) return ['AccessDenied', 'The host header must be signed.'];
    const canonicalHeaders = names
      .map((n) => {
        const raw = req.headers[n];
        const value = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
        return `${n}:${value.trim().replace(/\s+/g, ' ')}\n`;
      })
      .join('');
    const query = [...url.searchParams.entries()]
      .map(([k, v]) => [sigv4Encode(k), sigv4Encode(v)] as const)
      .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const canonicalPath = url.pathname
      .split('/')
      .map((s) => sigv4Encode(decodeURIComponent(s)))
      .join('/');
    const canonicalRequest = [req.method, canonicalPath, query, canonicalHeaders, signedHeaders, payloadHash].join(
      '\n',
    );
    const scope = `${date}/${region}/s3/aws4_request`;
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
    let key = hmac(`AWS4${secretAccessKey}`, date!);
    for (const part of [region, 's3', 'aws4_request']) key = hmac(key, part);
    const expected = createHmac('sha256', key).update(stringToSign).digest();
    const given = Buffer.from(signature!, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return [
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided.',
      ];
    }
    return undefined;
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
    const url = new URL(req.url ?? '/', 'http://s3.local');
    const head = req.method === 'HEAD';
    const refused = checkSignature(req, url, body);
    if (refused) return error(res, 403, refused[0], refused[1], head);
    if (req.headers['content-encoding']?.includes('aws-chunked')) {
      return error(res, 501, 'NotImplemented', 'aws-chunked uploads are not supported here.', head);
    }
    const [, bucketName = '', ...rest] = url.pathname.split('/');
    const key = rest.map((s) => decodeURIComponent(s)).join('/');
    const bucket = buckets.get(bucketName);
    if (!key) {
      if (req.method === 'PUT') {
        if (!bucket) buckets.set(bucketName, new Map());
        return send(res, 200);
      }
      if (!bucket) return error(res, 404, 'NoSuchBucket', 'The specified bucket does not exist.', head);
      if (req.method === 'GET' && url.searchParams.get('list-type') === '2') return list(res, bucketName, bucket, url);
      return error(res, 501, 'NotImplemented', `${req.method} on a bucket is not supported here.`, head);
    }
    if (!bucket) return error(res, 404, 'NoSuchBucket', 'The specified bucket does not exist.', head);
    switch (req.method) {
      case 'PUT': {
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        const contentType = String(req.headers['content-type'] ?? 'binary/octet-stream');
        bucket.set(key, { body, contentType, etag, lastModified: new Date() });
        return send(res, 200, '', { etag });
      }
      case 'GET':
      case 'HEAD': {
        const object = bucket.get(key);
        if (!object) return error(res, 404, 'NoSuchKey', 'The specified key does not exist.', head);
        const headers = {
          'content-type': object.contentType,
          etag: object.etag,
          'last-modified': object.lastModified.toUTCString(),
          'accept-ranges': 'bytes',
        };
        const range = req.headers.range?.match(/^bytes=(\d*)-(\d*)$/);
        if (range && (range[1] || range[2])) {
          const size = object.body.length;
          let start = range[1] ? Number(range[1]) : size - Number(range[2]);
          let end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
          start = Math.max(0, start);
          if (start >= size || end < start) {
            return error(res, 416, 'InvalidRange', 'The requested range is not satisfiable.', head);
          }
          end = Math.min(end, size - 1);
          const part = object.body.subarray(start, end + 1);
          res.writeHead(206, {
            ...headers,
            'content-length': part.length,
            'content-range': `bytes ${start}-${end}/${size}`,
          });
          return res.end(head ? undefined : part);
        }
        res.writeHead(200, { ...headers, 'content-length': object.body.length });
        return res.end(head ? undefined : object.body);
      }
      case 'DELETE':
        bucket.delete(key);
        return send(res, 204);
      default:
        return error(res, 405, 'MethodNotAllowed', `${req.method} is not allowed.`, head);
    }
  }

  function list(res: http.ServerResponse, name: string, bucket: Map<string, StoredObject>, url: URL) {
    const prefix = url.searchParams.get('prefix') ?? '';
    const maxKeys = Math.min(1000, Number(url.searchParams.get('max-keys') ?? 1000) || 1000);
    const after = url.searchParams.get('continuation-token') ?? url.searchParams.get('start-after') ?? '';
    const keys = [...bucket.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
    const page = keys.slice(0, maxKeys);
    const truncated = keys.length > page.length;
    const contents = page
      .map((k) => {
        const o = bucket.get(k)!;
        return `<Contents><Key>${xmlEscape(k)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><ETag>${xmlEscape(o.etag)}</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      })
      .join('');
    const xml =
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
      `<Name>${xmlEscape(name)}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
      `<MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}` +
      (truncated ? `<NextContinuationToken>${xmlEscape(page[page.length - 1]!)}</NextContinuationToken>` : '') +
      `</ListBucketResult>`;
    send(res, 200, xml, { 'content-type': 'application/xml' });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.on('finish', () => calls.push({ method: req.method ?? '', url: req.url ?? '', status: res.statusCode }));
      try {
        handle(req, res, Buffer.concat(chunks));
      } catch (err) {
        error(res, 500, 'InternalError', String(err), req.method === 'HEAD');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    endpoint,
    accessKeyId,
    secretAccessKey,
    region,
    calls,
    /** The objects of a bucket, by key (the test's view of what the store holds). */
    objects(bucket = 'locora'): Map<string, StoredObject> {
      return buckets.get(bucket) ?? new Map();
    },
    /** The S3_* environment that points the app at this server. */
    env(bucket = 'locora'): Record<string, string> {
      return {
        S3_BUCKET: bucket,
        S3_ENDPOINT: endpoint,
        S3_REGION: region,
        S3_ACCESS_KEY_ID: accessKeyId,
        S3_SECRET_ACCESS_KEY: secretAccessKey,
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Run directly (`npx tsx src/server/test/s3-server.ts [port]`), it serves until stopped and prints
// the settings that point app instances at it: a way to try several instances by hand.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const server = await startS3Server({ port: Number(process.argv[2] ?? 9000) });
  console.log(`S3 stand-in (in memory) at ${server.endpoint}. Start each instance with:`);
  console.log(
    Object.entries(server.env())
      .map(([k, v]) => `${k}=${v}`)
      .join(' '),
  );
}
