import swagger, { type StaticDocumentSpec } from '@fastify/swagger';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/** What a browser's request for the docs may tell them: conditional and range requests. Not its cookies. */
const FORWARDED_HEADERS = ['accept', 'if-none-match', 'if-modified-since', 'range', 'if-range'] as const;

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
    // Its errors are logged with the main server's; its requests are the main server's to log.
    const docsApp = Fastify({
      loggerInstance: app.log,
      logController: new LogController({ disableRequestLogging: true }),
    });
    // The document as the main server generated it (OpenAPI 3.0; the static mode's type names 3.0 apart from 3.1).
    const document = app.swagger() as StaticDocumentSpec['document'];
    await docsApp.register(swagger, { mode: 'static', specification: { document } });
    await docsApp.register(swaggerUi, { routePrefix, staticCSP: true });
    await docsApp.ready();
    return docsApp;
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    docs ??= build().catch((err: unknown) => {
      docs = undefined;
      throw err;
    });
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    // HEAD is answered as GET: the main server then sends the headers a GET would get, without the body.
    const res = await (await docs).inject({ method: 'GET', url: request.url, headers });
    // Not a page of the docs: the API's own JSON 404. A failure: the API's own 500.
    if (res.statusCode === 404) return reply.callNotFound();
    if (res.statusCode >= 500) throw new Error(`The API docs answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined && !CONNECTION_HEADERS.has(name.toLowerCase())) void reply.header(name, value);
    }
    void reply.code(res.statusCode);
    // No body (a 304, a redirect): none is sent, and no type is made up for it.
    return res.rawPayload.length > 0 ? reply.send(res.rawPayload) : reply.send();
  };

  app.get(routePrefix, { schema: { hide: true } }, handler);
  app.get(`${routePrefix}/*`, { schema: { hide: true } }, handler);
  app.addHook('onClose', async () => {
    const built = await docs?.catch(() => undefined);
    await built?.close();
  });
}
