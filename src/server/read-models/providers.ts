/** How public pages and calls name a provider (the product's `/provider/{username}`), shared by the features that show one. */
import { eq, or } from 'drizzle-orm';
import { isUuid } from '../../shared/domain/ids.ts';
import { providers } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';

/**
 * The condition that finds a provider by the `username` of a public link: its user id (what
 * the product's links use) or its provider id. Anything that is not a uuid is a 404 before any query.
 */
export function providerByUsername(username: string) {
  if (!isUuid(username)) throw new AppError('NOT_FOUND', 'Provider not found.');
  return or(eq(providers.userId, username), eq(providers.id, username));
}
