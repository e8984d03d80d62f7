/**
 * Where a user goes back to after signing in or up (decision 016). Every redirect to sign-in
 * carries `next`, the page the user was on; only a path of this site is ever followed, anything
 * else is ignored (never an open redirect). `reason` says why the user must sign in, from a fixed
 * list (never free text shown on the page).
 */

/** The longest `next` followed; a longer one is ignored. */
export const NEXT_PATH_MAX_LENGTH = 1024;

const BASE = 'https://locora.invalid';

/** Paths never returned to: the auth pages themselves (a loop) and the API. */
const NOT_RETURNABLE = /^\/(?:auth(?:\/|$)|api(?:\/|$))/i;
/**
 * The one auth page returned to: a verification link works only signed in as its account
 * (decision 022), so a signed-out click goes to sign-in and comes back to the link.
 */
const VERIFY_EMAIL_PAGE = '/auth/verify-email';

/**
 * `value` as a same-origin path to return to ("/service/1?date=2026-12-01"), or undefined when it
 * is not one: not a string, empty, too long, not starting with a single "/", holding a backslash,
 * whitespace or a control character, protocol-relative once decoded ("/%2F%2Fevil.com"), or an
 * auth or API page. The path returned is the parsed one (pathname, query and hash).
 */
export function safeNextPath(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (value.length === 0 || value.length > NEXT_PATH_MAX_LENGTH) return undefined;
  if (!value.startsWith('/') || value.startsWith('//')) return undefined;
  // Backslashes are slashes to browsers; whitespace and controls are stripped by URL parsers.
  // eslint-disable-next-line no-control-regex
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return undefined;
  // Decoded (as some servers and proxies would), it must still be a plain path of this site.
  let decoded = value;
  for (let i = 0; i < 3; i += 1) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return undefined;
    }
    if (next === decoded) break;
    decoded = next;
  }
  // eslint-disable-next-line no-control-regex
  if (decoded.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(decoded)) return undefined;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE) return undefined;
  const verifyLink = url.pathname === VERIFY_EMAIL_PAGE && decoded.startsWith(`${VERIFY_EMAIL_PAGE}?`);
  if (!verifyLink && (NOT_RETURNABLE.test(url.pathname) || NOT_RETURNABLE.test(decoded))) return undefined;
  // The parser resolves dot segments ("/.//evil.com" -> "//evil.com"): check what it made too.
  if (url.pathname.startsWith('//') || url.pathname.includes('\\')) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.length <= NEXT_PATH_MAX_LENGTH ? path : undefined;
}

/** Why a page sent the user to sign in; the sign-in page says it in the reader's words (auth-words.ts). */
export const SIGN_IN_REASONS = ['book', 'save', 'message', 'verify'] as const;
export type SignInReason = (typeof SIGN_IN_REASONS)[number];

export function parseSignInReason(value: unknown): SignInReason | undefined {
  return typeof value === 'string' && (SIGN_IN_REASONS as readonly string[]).includes(value)
    ? (value as SignInReason)
    : undefined;
}

/**
 * The address of an auth page ('/auth/signin' or '/auth/signup', with any query it already has)
 * with `next` and `reason` added when they are safe.
 */
export function withReturnPath(
  authPath: string,
  options: { next?: string | null; reason?: SignInReason | string | null },
): string {
  const [pathname = authPath, query = ''] = authPath.split('?');
  const params = new URLSearchParams(query);
  const next = safeNextPath(options.next);
  if (next && next !== '/') params.set('next', next);
  const reason = parseSignInReason(options.reason);
  if (reason) params.set('reason', reason);
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** The sign-in page for a user who was on `next` and must sign in because of `reason`. */
export function signInPath(next?: string | null, reason?: SignInReason): string {
  return withReturnPath('/auth/signin', { next, reason });
}
