import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../shared/api/errors.ts';
import type { Locale } from '../../shared/domain/locales.ts';
import { localizeApiMessage } from './api-messages.ts';
import { requestLocale } from './request-locale.ts';

const statusOf = {
  BAD_REQUEST: 400,
  /** A new provider profile without a zone (TIME_ZONE_REQUIRED_CODE): the app then asks for one. */
  TIME_ZONE_REQUIRED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  NOT_CONFIGURED: 503,
  UNAVAILABLE: 503,
} as const;
export type AppErrorCode = keyof typeof statusOf;

/**
 * A message whose words depend on values known only when it is thrown (an amount, a number of
 * hours), in every language: `english` is what the logs and English readers get, `in(locale)` what
 * a reader of `locale` gets (see `localized` in api-messages.ts).
 */
export interface LocalizedText {
  readonly english: string;
  in(locale: Locale): string;
}

/**
 * The one error feature code throws; the error handler maps its code to a status. The message is
 * English text (answered in the asker's language when api-messages.ts lists it) or a
 * LocalizedText, answered in the asker's language always.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly words: LocalizedText | undefined;
  constructor(
    readonly code: AppErrorCode,
    message: string | LocalizedText,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof message === 'string' ? message : message.english);
    this.name = 'AppError';
    this.statusCode = statusOf[code];
    this.words = typeof message === 'string' ? undefined : message;
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
    // The words are the asker's language's where we have them (api-messages.ts); codes stay English.
    const locale = requestLocale(request);
    const words = (message: string) => localizeApiMessage(message, locale);
    let body: ErrorBody;

    // The database's own refusals (409) and outages (503) are mapped here, once.
    const appError = error instanceof AppError ? error : mapDatabaseError(error);
    if (appError && !(error instanceof AppError) && appError.statusCode >= 500) {
      request.log.warn({ err: redactError(error) }, 'database unavailable');
    }

    if (appError) {
      const message = appError.words ? appError.words.in(locale) : words(appError.message);
      body = { statusCode: appError.statusCode, code: appError.code, message, requestId };
      for (const [k, v] of Object.entries(appError.headers)) void reply.header(k, v);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: words(v.message ?? 'Invalid value'),
      }));
      const first = details[0];
      body = {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: first ? first.message : words('Invalid request'),
        details,
        requestId,
      };
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors: malformed JSON, body too large, bad content type, ...
      body = {
        statusCode: error.statusCode,
        code: fastifyCodeNames[error.statusCode] ?? 'BAD_REQUEST',
        message: words(error.statusCode === 413 ? 'Request body is too large' : error.message),
        requestId,
      };
    } else {
      if (isResponseSerializationError(error))
        request.log.error({ err: redactError(error) }, 'response did not match its schema');
      else request.log.error({ err: redactError(error) }, 'unhandled error');
      body = {
        statusCode: 500,
        code: 'INTERNAL',
        message: words('Something went wrong on our side. Please try again.'),
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
  // A raw body (the Stripe webhook's bytes) is not text for the database.
  if (value instanceof Uint8Array) return false;
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

// ------------------------------------------------------------------------------------------
// Database errors

/** Seconds a client should wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * What to say when a constraint refuses a write. A foreign key has two sides: `missing` when the
 * row refers to a parent that does not exist, `inUse` when a parent with history is deleted.
 */
export type ConstraintMessage = string | { missing: string; inUse: string };

/** Our words for the constraints of the schema (see schema.ts and migrations 0002 and 0006). */
export const constraintMessages: Record<string, ConstraintMessage> = {
  bookings_no_overlap: 'The provider already has a booking at that time.',
  bookings_user_idempotency_key: 'This Idempotency-Key was already used for another booking.',
  booking_events_booking_id_bookings_id_fk: {
    missing: 'This booking does not exist.',
    inUse: 'This booking has a history, so it cannot be deleted.',
  },
  booking_events_actor_user_id_users_id_fk: {
    missing: 'This user does not exist.',
    inUse: 'This user changed bookings, so the account cannot be deleted. Deactivate it instead.',
  },
  bookings_service_not_deleted: 'This service has been deleted and takes no new bookings.',
  bookings_payment_intent_id_unique: 'This payment is already recorded for another booking.',
  bookings_service_provider_fk: {
    missing: 'A booking must be with the provider of its service.',
    inUse: 'This service has bookings, so it cannot be deleted. Deactivate it instead.',
  },
  bookings_user_id_users_id_fk: {
    missing: 'The traveler of this booking does not exist.',
    inUse: 'This user has bookings, so the account cannot be deleted. Deactivate it instead.',
  },
  bookings_provider_id_providers_id_fk: {
    missing: 'The provider of this booking does not exist.',
    inUse: 'This provider has bookings, so the profile cannot be deleted.',
  },
  bookings_id_user_id_key: 'This booking already exists.',
  bookings_id_service_id_key: 'This booking already exists.',
  reviews_booking_id_unique: 'You have already reviewed this booking',
  reviews_booking_author_fk: {
    missing: 'Only the traveler who made the booking can review it.',
    inUse: 'This booking has a review, so it cannot be deleted.',
  },
  reviews_booking_service_fk: {
    missing: 'A review must be of the booked service.',
    inUse: 'This booking has a review, so it cannot be deleted.',
  },
  messages_booking_id_bookings_id_fk: {
    missing: 'This booking does not exist.',
    inUse: 'This booking has messages, so it cannot be deleted.',
  },
  messages_sender_id_users_id_fk: {
    missing: 'The sender does not exist.',
    inUse: 'This user has sent messages, so the account cannot be deleted. Deactivate it instead.',
  },
  services_category_id_categories_id_fk: {
    missing: 'This category does not exist.',
    inUse: 'This category still has services, so it cannot be deleted.',
  },
  services_provider_id_providers_id_fk: {
    missing: 'This provider does not exist.',
    inUse: 'This provider has services, so the profile cannot be deleted.',
  },
  services_id_provider_id_key: 'This service already exists.',
  providers_user_id_users_id_fk: {
    missing: 'This user does not exist.',
    inUse: 'This user has a provider profile, so the account cannot be deleted. Deactivate it instead.',
  },
  providers_user_id_unique: 'This user already has a provider profile.',
  availability_provider_id_providers_id_fk: {
    missing: 'This provider does not exist.',
    inUse: 'This provider has availability, so the profile cannot be deleted.',
  },
  availability_provider_slot_key: 'You already have this slot.',
  availability_max_length: 'A slot can last at most 24 hours.',
  availability_recurrence_shape:
    'A recurring slot needs its series, its type and weekdays from 0 (Sunday) to 6 (Saturday); a one-off slot has none.',
  favorites_user_id_users_id_fk: {
    missing: 'This user does not exist.',
    inUse: 'This user has saved services, so the account cannot be deleted. Deactivate it instead.',
  },
  favorites_service_id_services_id_fk: {
    missing: 'Service not found.',
    inUse: 'This service is saved by travelers, so it cannot be deleted.',
  },
  favorites_user_id_service_id_pk: 'This service is already saved.',
  conversations_open_inquiry_key: 'You already have an open conversation about this service.',
  conversations_booking_id_key: 'This booking already has a conversation.',
  conversations_service_provider_fk: {
    missing: 'A conversation must be with the provider of its service.',
    inUse: 'This service has conversations, so it cannot be deleted. Deactivate it instead.',
  },
  conversations_traveler_id_users_id_fk: {
    missing: 'This user does not exist.',
    inUse: 'This user has conversations, so the account cannot be deleted. Deactivate it instead.',
  },
  messages_conversation_id_conversations_id_fk: {
    missing: 'Conversation not found.',
    inUse: 'This conversation has messages, so it cannot be deleted.',
  },
  messages_has_thread: 'A message belongs to a booking or a conversation.',
  categories_slug_unique: 'A category with this slug already exists.',
  users_email_lower_key: 'An account with this email already exists.',
  users_google_sub_key: 'This Google account is already linked to another user.',
};

type PgErrorFields = { code?: unknown; constraint?: unknown; table?: unknown; message?: unknown };

/** The driver's error inside Drizzle's wrapper (`DrizzleQueryError.cause`) and any others. */
function errorChain(err: unknown): PgErrorFields[] {
  const chain: PgErrorFields[] = [];
  for (let e: unknown = err; e && typeof e === 'object' && chain.length < 10; e = (e as { cause?: unknown }).cause) {
    chain.push(e as PgErrorFields);
  }
  return chain;
}

/**
 * Node socket errors: they mean "the database cannot be reached" only when a database query
 * failed with them (a client aborting an upload, or another service's outage, is not a 503).
 */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** SQLSTATEs and pg/PGlite messages that mean "the database cannot be reached". */
const UNREACHABLE_CODES = new Set([
  '57P01', // admin_shutdown: the server is restarting
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);
const UNREACHABLE_MESSAGES = [
  /^PGlite is closed/,
  /^Connection terminated/,
  /^Client was closed and is not queryable/,
  /^Client has encountered a connection error and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
  /^timeout exceeded when trying to connect/,
  /^Connection timed out/,
  /^Could not get a database connection/, // db/open.ts CONNECT_FAILED_MESSAGE
];

function isUnreachable(e: PgErrorFields, fromQuery: boolean): boolean {
  const code = typeof e.code === 'string' ? e.code : '';
  if (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true; // 08xxx: connection exception
  if (fromQuery && SOCKET_CODES.has(code)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return UNREACHABLE_MESSAGES.some((re) => re.test(message));
}

function wordsFor(
  constraint: string,
  side: 'missing' | 'inUse' | undefined,
  messages: Record<string, ConstraintMessage>,
): string | undefined {
  const m = messages[constraint] ?? constraintMessages[constraint];
  if (m === undefined) return undefined;
  if (typeof m === 'string') return m;
  return m[side ?? 'missing'];
}

/**
 * Turns a database refusal into a 409 that names the conflict, and an unreachable database into
 * a 503 with Retry-After; anything else is not ours to map (undefined). Unwraps Drizzle's
 * DrizzleQueryError. A feature that knows a constraint better passes its own words:
 * `catch (err) { throw mapDatabaseError(err, { bookings_no_overlap: 'That slot was just taken.' }) ?? err; }`
 */
export function mapDatabaseError(err: unknown, messages: Record<string, ConstraintMessage> = {}): AppError | undefined {
  const chain = errorChain(err);
  for (const e of chain) {
    const code = typeof e.code === 'string' ? e.code : '';
    const constraint = typeof e.constraint === 'string' ? e.constraint : '';
    const table = typeof e.table === 'string' ? e.table : 'another record';
    const text = typeof e.message === 'string' ? e.message : '';
    switch (code) {
      case '23P01':
        return new AppError(
          'CONFLICT',
          wordsFor(constraint, undefined, messages) ?? 'This overlaps an existing record.',
        );
      case '23505':
        return new AppError('CONFLICT', wordsFor(constraint, undefined, messages) ?? 'This already exists.');
      case '23514': // check_violation: a value the data's rules refuse (e.g. bookings_end_after_start)
        return new AppError(
          'CONFLICT',
          wordsFor(constraint, undefined, messages) ??
            `This breaks a rule of the data${constraint ? ` (${constraint})` : ''}.`,
        );
      case '23502': // not_null_violation
        return new AppError('CONFLICT', 'A required value is missing.');
      case '23001':
      case '23503': {
        // PostgreSQL 18 reports ON DELETE RESTRICT as 23001, older servers as 23503 "update or delete".
        const inUse = code === '23001' || /^update or delete on table/.test(text);
        return new AppError(
          'CONFLICT',
          wordsFor(constraint, inUse ? 'inUse' : 'missing', messages) ??
            (inUse
              ? `This is still referenced by ${table}, so it cannot be deleted.`
              : 'This refers to something that does not exist.'),
        );
      }
    }
  }
  const fromQuery = chain.some((e) => e instanceof DrizzleQueryError);
  if (chain.some((e) => isUnreachable(e, fromQuery))) {
    return new AppError('UNAVAILABLE', 'The service is briefly unavailable. Please try again in a few seconds.', {
      'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
    });
  }
  return undefined;
}
