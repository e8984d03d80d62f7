import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../shared/api/errors.ts';

const statusOf = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  NOT_CONFIGURED: 503,
} as const;
export type AppErrorCode = keyof typeof statusOf;

/** The one error feature code throws; the error handler maps its code to a status. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusOf[code];
  }
}

const fastifyCodeNames: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const requestId = String(request.id);
    let body: ErrorBody;

    if (error instanceof AppError) {
      body = { statusCode: error.statusCode, code: error.code, message: error.message, requestId };
      for (const [k, v] of Object.entries(error.headers)) void reply.header(k, v);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'Invalid value',
      }));
      const first = details[0];
      body = {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: first ? first.message : 'Invalid request',
        details,
        requestId,
      };
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors: malformed JSON, body too large, bad content type, ...
      body = {
        statusCode: error.statusCode,
        code: fastifyCodeNames[error.statusCode] ?? 'BAD_REQUEST',
        message: error.statusCode === 413 ? 'Request body is too large' : error.message,
        requestId,
      };
    } else {
      if (isResponseSerializationError(error))
        request.log.error({ err: redactError(error) }, 'response did not match its schema');
      else request.log.error({ err: redactError(error) }, 'unhandled error');
      body = {
        statusCode: 500,
        code: 'INTERNAL',
        message: 'Something went wrong on our side. Please try again.',
        requestId,
      };
    }

    if (body.statusCode >= 400 && body.statusCode < 500)
      request.log.info({ code: body.code, reason: body.message }, 'client error');
    return reply.status(body.statusCode).type('application/json; charset=utf-8').send(body);
  });
}

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}

/**
 * PostgreSQL text cannot hold NUL characters; refuse them up front with a 400 instead of letting
 * the database fail the query.
 */
export function rejectNulCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (
      request.url.includes('%00') ||
      containsNul(request.query) ||
      containsNul(request.params) ||
      containsNul(request.body)
    ) {
      throw new AppError('BAD_REQUEST', 'Text must not contain NUL (\\u0000) characters.');
    }
  });
}

/**
 * What we log about an unexpected error: never the values of a failed query (they can hold
 * password hashes or personal data), only its text, codes and stack.
 */
export function redactError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const strip = (m: string): string => m.split(/\nparams:/)[0] ?? m;
  const e = err as Error & { code?: string; cause?: unknown };
  const cause =
    e.cause instanceof Error
      ? { message: strip(e.cause.message), code: (e.cause as { code?: string }).code }
      : undefined;
  return {
    type: e.name,
    message: strip(e.message),
    code: e.code,
    cause,
    stack: e.stack?.replace(e.message, strip(e.message)).split('\n').slice(0, 8).join('\n'),
  };
}

export function notFoundBody(requestId: string, message = 'Not found'): ErrorBody {
  return { statusCode: 404, code: 'NOT_FOUND', message, requestId };
}
