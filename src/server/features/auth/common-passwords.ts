import fs from 'node:fs';
import type { z } from 'zod';

/** Said when a new password is on the list; the reason is given so the user can pick better. */
export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Choose a less predictable one, such as a few unrelated words.';

let list: Set<string> | undefined;

function commonPasswords(): Set<string> {
  list ??= new Set(
    fs
      .readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('# ')),
  );
  return list;
}

/** True for one of the few thousand most used passwords, whatever its case or outer spaces. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}

/**
 * A refinement for a request body schema whose `field` is a new password: refuses common ones
 * with a validation error on that field. Server-only (the list stays out of the client bundle).
 */
export function refuseCommonPassword<K extends string>(field: K) {
  return (body: Record<K, string>, ctx: z.RefinementCtx) => {
    if (isCommonPassword(body[field]))
      ctx.addIssue({ code: 'custom', path: [field], message: COMMON_PASSWORD_MESSAGE });
  };
}
