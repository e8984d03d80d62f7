import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/** PUBLIC_URL, else the origin the request came to (a malformed Host falls back to localhost). */
export function originOf(config: Config, request: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl;
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return `http://localhost:${config.port}`;
  }
}
