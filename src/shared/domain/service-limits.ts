/** The limits of a provider's service and profile; no zod, so the browser can import them. */
export const SERVICE_TITLE_MIN = 3;
export const SERVICE_TITLE_MAX = 120;
export const SERVICE_DESCRIPTION_MAX = 5000;
export const SERVICE_CITY_MAX = 100;
export const SERVICE_MIN_HOURS_MAX = 24;
export const SERVICE_PHOTOS_MAX = 8;
export const PROFILE_BIO_MAX = 2000;
export const PROFILE_CITY_MAX = 100;

/** The pricing units (docs/product.md); the first is the default. */
export const PRICING_UNITS = ['per hour', 'per session', 'per day'] as const;
export const DEFAULT_PRICING_UNIT = PRICING_UNITS[0];
export const DEFAULT_MIN_HOURS = 1;
