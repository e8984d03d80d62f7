import { ApiError } from '@/lib/api';

/**
 * The server's 400 details by field ('body.title' -> 'title'; 'body.photos.2' -> 'photos'), first
 * message per field. A refusal without details (e.g. an unknown category) is matched by its words.
 */
export function fieldErrorsOf(error: unknown, fields: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(error instanceof ApiError) || error.status !== 400 || !error.body) return out;
  for (const d of error.body.details ?? []) {
    const field = d.path.split('.')[1];
    if (field && fields.includes(field) && !out[field]) out[field] = d.message;
  }
  return out;
}
