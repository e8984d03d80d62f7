/**
 * The HTTP ceiling: a bare Fastify server with no plugins, replying with the bytes the app
 * answered. It runs as its own child process (`node --import tsx scripts/bench/ceilings.ts <spec>`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { startChild, type Server } from './servers.ts';

const THIS_FILE = fileURLToPath(import.meta.url);

export type BareBodies = { a: string; b: string; d: string; c: Record<string, string> };

/** The bare ceiling server: Fastify with no plugins, replying with captured bytes. */
export async function runBareServer(specFile: string) {
  const spec = JSON.parse(fs.readFileSync(specFile, 'utf8')) as BareBodies;
  const a = Buffer.from(spec.a, 'base64');
  const b = Buffer.from(spec.b, 'base64');
  const d = Buffer.from(spec.d, 'base64');
  const c = new Map(Object.entries(spec.c).map(([k, v]) => [k, Buffer.from(v, 'base64')]));
  const type = 'application/json; charset=utf-8';
  const app = Fastify({ logger: false });
  app.get('/ceiling/a', (_req, reply) => reply.type(type).send(a));
  app.get('/ceiling/b', (_req, reply) => reply.type(type).send(b));
  app.get('/ceiling/d', (_req, reply) => reply.type(type).send(d));
  app.get<{ Params: { id: string } }>('/ceiling/c/:id', (req, reply) => {
    const body = c.get(req.params.id);
    return body ? reply.type(type).send(body) : reply.code(404).send();
  });
  app.get('/readyz', (_req, reply) => reply.send({ status: 'ready' }));
  process.on('SIGTERM', () => void app.close().finally(() => process.exit(0)));
  process.on('SIGINT', () => void app.close().finally(() => process.exit(0)));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
}

/** Starts the bare ceiling server on the bodies in `specFile` (written by the caller). */
export function startBareServer(specFile: string): Promise<Server> {
  return startChild('the bare ceiling server', [THIS_FILE, specFile], {});
}

if (process.argv[1] && path.resolve(process.argv[1]) === THIS_FILE) {
  const spec = process.argv[2];
  if (!spec) process.exit(2);
  runBareServer(spec).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
