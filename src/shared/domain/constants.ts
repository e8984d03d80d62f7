/** Business constants from SPEC.md section 9 and the account rules of the foundation issue. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const SESSION_TTL_DAYS = 30;
export const THEME_STORAGE_KEY = 'theme';
export const FEATURED_SERVICES_COUNT = 6;
export const BROWSE_SKELETON_COUNT = 6;
export const SERVICE_FEE_RATE = 0.05;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Login/signup failures allowed per IP and per account in one window before 429. */
export const AUTH_FAILURE_LIMIT = 10;
export const AUTH_FAILURE_WINDOW_SECONDS = 15 * 60;
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5_000;
