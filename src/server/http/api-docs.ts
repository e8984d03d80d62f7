import swagger, { type StaticDocumentSpec } from '@fastify/swagger';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type LightMyRequestResponse,
} from 'fastify';

/** Headers that describe the bytes on one connection: the outer server sets its own. */
const CONNECTION_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
]);

/**
 * The API's documentation at /api/docs (Swagger UI, the OpenAPI document as JSON and YAML), built
 * on the first visit instead of at every start (docs/decisions/029-embedded-database-start.md):
 * @fastify/swagger-ui brings a YAML library, a file server and its glob, ~0.1 s of loading that
 * no traveler's page needs. The main server still collects the document from the zod schemas
 * (@fastify/swagger in app.ts); a small Fastify instance of its own serves it with Swagger UI,
 * and these routes pass requests to it in-process. The main server's hooks (security headers,
 * compression, logging) apply as to any route; Swagger UI's own Content-Security-Policy, which
 * allows its pages, replaces ours on its responses as it did when it was registered here.
 */
export function registerApiDocs(app: FastifyInstance, routePrefix = '/api/docs'): void {
  let docs: Promise<FastifyInstance> | undefined;

  const build = async () => {
    const { default: swaggerUi } = await import('@fastify/swagger-ui');
    const docsApp = Fastify({ logger: false });
    // The document as the main server generated it (OpenAPI 3.0; the static mode's type names 3.0 apart from 3.1).
    const document = app.swagger() as StaticDocumentSpec['document'];
    await docsApp.register(swagger, { mode: 'static', specification: { document } });
    await docsApp.register(swaggerUi, { routePrefix, staticCSP: true });
    await docsApp.ready();
    return docsApp;
  };

  const send = (reply: FastifyReply, res: LightMyRequestResponse) => {
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined && !CONNECTION_HEADERS.has(name.toLowerCase())) void reply.header(name, value);
    }
    return reply.code(res.statusCode).send(res.rawPayload);
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    docs ??= build().catch((err: unknown) => {
      docs = undefined;
      throw err;
    });
    const res = await (
      await docs
    ).inject({
      method: request.method as 'GET' | 'HEAD',
      url: request.url,
      headers: { ...request.headers, 'accept-encoding': 'identity' },
    });
    // Not a page of the docs: the API's own JSON 404.
    if (res.statusCode === 404) return reply.callNotFound();
    return send(reply, res);
  };

  app.get(routePrefix, { schema: { hide: true } }, handler);
  app.get(`${routePrefix}/*`, { schema: { hide: true } }, handler);
}
