/** Business constants (docs/product.md) and the account rules (password length, name and email limits). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const SESSION_TTL_DAYS = 30;
export const THEME_STORAGE_KEY = 'theme';
export const FEATURED_SERVICES_COUNT = 6;
export const BROWSE_SKELETON_COUNT = 6;
export const SERVICE_FEE_RATE = 0.05;
/** Login/signup failures allowed per IP and per account in one window before 429. */
export const AUTH_FAILURE_LIMIT = 10;
export const AUTH_FAILURE_WINDOW_SECONDS = 15 * 60;
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5_000;

/** Photo uploads (POST /api/uploads and avatars): the largest file taken, in bytes. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Decompression-bomb guard: pictures with more pixels than this are refused before decoding. */
export const UPLOAD_MAX_PIXELS = 50_000_000;
/** Pictures longer than this many times their width (or wider than their height) are refused. */
export const UPLOAD_MAX_ASPECT_RATIO = 8;
/** The WebP widths every photo is stored at for srcset (never wider than the original). */
export const PHOTO_WIDTHS = [160, 400, 800, 1600] as const;
/** Uploads one user may make per hour (then 429). */
export const UPLOADS_PER_USER_PER_HOUR = 60;
/** Bytes of stored photos one user may hold (then 413). */
export const UPLOAD_QUOTA_BYTES_PER_USER = 200 * 1024 * 1024;
/** Photos one service may have; the first is the cover. */
export const SERVICE_MAX_PHOTOS = 8;
/** An upload no row references is deleted after this long (it may still be on its way into a form). */
export const UPLOAD_ORPHAN_GRACE_SECONDS = 60 * 60;
/** Avatars go through the same photo pipeline and limit. */
export const AVATAR_MAX_BYTES = UPLOAD_MAX_BYTES;
