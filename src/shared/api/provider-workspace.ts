import { z } from 'zod';
import { BOOKING_STATUSES } from '../domain/booking-status.ts';
import { CURRENCIES, isCurrencyCode, unknownCurrencyMessage } from '../domain/currency.ts';
import { NAME_MAX_LENGTH } from '../domain/constants.ts';
import { isKnownLanguage, MAX_PROFILE_LANGUAGES } from '../domain/languages.ts';
import {
  DEFAULT_LOCATION_TYPE,
  LOCATION_TYPES,
  needsServiceAddress,
  SERVICE_ADDRESS_REQUIRED,
  SERVICE_LOCATION_ADDRESS_MAX,
  SERVICE_LOCATION_AREA_MAX,
} from '../domain/service-location.ts';
import { hasHostileCharacters, HOSTILE_NAME_MESSAGE } from './auth.ts';
import {
  PRICING_UNITS,
  PROFILE_BIO_MAX,
  PROFILE_CITY_MAX,
  SERVICE_CITY_MAX,
  SERVICE_DESCRIPTION_MAX,
  SERVICE_MIN_HOURS_MAX,
  SERVICE_PHOTOS_MAX,
  SERVICE_TITLE_MAX,
  SERVICE_TITLE_MIN,
} from '../domain/service-limits.ts';
import { timeZoneSchema } from './time.ts';

export * from './provider-workspace-responses.ts';

/**
 * A currency in a request: a capital ISO 4217 code of the currency table ("JPY"; "jpy" is read as
 * "JPY"). Anything else is a 400 that names it.
 */
export const currencyInputSchema = z
  .string({ error: `Currency must be one of ${CURRENCIES.join(', ')}` })
  .trim()
  .transform((value, ctx) => {
    const code = value.toUpperCase();
    if (isCurrencyCode(code)) return code;
    ctx.addIssue({ code: 'custom', message: unknownCurrencyMessage(value) });
    return z.NEVER;
  });

/** The pricing units (decision 035); full zod here for its messages and default. */
const pricingUnitSchema = z.enum(PRICING_UNITS, { error: `Unit must be one of ${PRICING_UNITS.join(', ')}` });

/** Longest stored URL of an uploaded picture. */
const PHOTO_URL_MAX = 500;

/** Control characters other than tab and newlines (a description keeps its line breaks). */
const CONTROL_EXCEPT_LINES =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;

/** A one-line text shown as a heading or label: trimmed, NFC, no spoofing characters. */
const lineText = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .normalize('NFC')
    .min(min, min <= 1 ? `${label} is required` : `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !hasHostileCharacters(v), `${label} cannot contain control, text-direction or invisible characters`);

export const serviceTitleSchema = lineText('Title', SERVICE_TITLE_MIN, SERVICE_TITLE_MAX);
export const serviceCitySchema = lineText('City', 1, SERVICE_CITY_MAX);
export const serviceDescriptionSchema = z
  .string({ error: 'Description must be text' })
  .trim()
  .normalize('NFC')
  .max(SERVICE_DESCRIPTION_MAX, `Description must be at most ${SERVICE_DESCRIPTION_MAX} characters`)
  .refine((v) => !CONTROL_EXCEPT_LINES.test(v), 'Description cannot contain control or text-direction characters');

/**
 * A price in minor units of the service's currency (decision 047). Whether it is whole, a whole
 * step of its currency, at least Stripe's minimum and at most Locora's limit is checked where the
 * currency is known (priceProblem in shared/domain/currency.ts), so the message names it.
 */
export const servicePriceSchema = z
  .number({ error: 'Price must be a number, in the minor unit of its currency' })
  .min(0, 'Price cannot be negative');

export const serviceMinHoursSchema = z
  .number({ error: 'Min hours must be a whole number' })
  .int('Min hours must be a whole number')
  .min(1, 'Min hours must be at least 1')
  .max(SERVICE_MIN_HOURS_MAX, `Min hours must be at most ${SERVICE_MIN_HOURS_MAX}`);

export const servicePhotosSchema = z
  .array(z.string().min(1, 'A photo must be a URL').max(PHOTO_URL_MAX, 'A photo URL is too long'), {
    error: 'Photos must be a list of URLs',
  })
  .max(SERVICE_PHOTOS_MAX, `A service can have at most ${SERVICE_PHOTOS_MAX} photos`)
  .refine((urls) => new Set(urls).size === urls.length, 'The same photo is listed twice');

/**
 * A free service is an explicit choice (docs/product.md, Provider dashboard): a price of 0 is
 * accepted only with `free: true`, so an empty price field cannot publish a "$0" service by
 * mistake. `free` is not stored: a free service is one whose price is 0.
 */
export const SERVICE_PRICE_REQUIRED = 'Enter a price, or mark the service as free (free: true)';
export const SERVICE_FREE_NEEDS_CHOICE =
  'A price of 0 makes the service free: mark it as free (free: true) or enter a price above 0';
export const SERVICE_FREE_WITH_PRICE = 'A free service has no price: send price 0 (or none) with free: true';
const serviceFreeSchema = z.boolean({ error: 'free must be true or false' });

type PriceChoice = { price?: number | undefined; free?: boolean | undefined };

/** The price/free rule; on an edit, neither sent means the price is not changed. */
function checkPriceChoice(isEdit: boolean) {
  return (v: PriceChoice, ctx: z.RefinementCtx) => {
    if (v.free === true) {
      if (v.price !== undefined && v.price !== 0)
        ctx.addIssue({ code: 'custom', message: SERVICE_FREE_WITH_PRICE, path: ['free'] });
    } else if (v.price === undefined) {
      if (!isEdit || v.free === false)
        ctx.addIssue({ code: 'custom', message: SERVICE_PRICE_REQUIRED, path: ['price'] });
    } else if (v.price === 0) {
      ctx.addIssue({ code: 'custom', message: SERVICE_FREE_NEEDS_CHOICE, path: ['price'] });
    }
  };
}

/** What is stored: the price, 0 for a free service; `free` itself is not kept. */
function withPriceOfChoice<T extends PriceChoice>({ free, ...rest }: T): Omit<T, 'free'> {
  return free === true ? { ...rest, price: 0 } : rest;
}

const locationTypeSchema = z.enum(LOCATION_TYPES, {
  error: `Where it happens must be one of ${LOCATION_TYPES.join(', ')}`,
});
const locationAddressSchema = z
  .string({ error: 'The address must be text' })
  .trim()
  .max(SERVICE_LOCATION_ADDRESS_MAX, `The address must be at most ${SERVICE_LOCATION_ADDRESS_MAX} characters`)
  .transform((v) => v || undefined);
const locationAreaSchema = z
  .string({ error: 'The area must be text' })
  .trim()
  .max(SERVICE_LOCATION_AREA_MAX, `The area must be at most ${SERVICE_LOCATION_AREA_MAX} characters`)
  .transform((v) => v || null);

/** POST /api/services (plus optional photos: the first is the cover). */
export const createServiceSchema = z
  .strictObject({
    title: serviceTitleSchema,
    description: serviceDescriptionSchema.default(''),
    categoryId: z.string({ error: 'Category is required' }).uuid('Category is required'),
    /**
     * An integer in the minor unit of `currency` (yen for JPY, cents for USD); required unless
     * `free` is true, and 0 only with `free: true`.
     */
    price: servicePriceSchema.optional(),
    /** The price's currency: the provider's (GET /api/provider/me); optional, and only theirs. */
    currency: currencyInputSchema.optional(),
    /** True to offer the service free (its price is then 0); optional, for clients that predate it. */
    free: serviceFreeSchema.optional(),
    pricingUnit: pricingUnitSchema.default('per hour'),
    minHours: serviceMinHoursSchema.default(1),
    city: serviceCitySchema,
    photos: servicePhotosSchema.default([]),
    /** Where it happens; clients that do not say get the traveler's address. */
    locationType: locationTypeSchema.default(DEFAULT_LOCATION_TYPE),
    /** Required for the provider's place or a meeting point. */
    locationAddress: locationAddressSchema.optional(),
    locationArea: locationAreaSchema.optional(),
  })
  .refine((v) => !needsServiceAddress(v.locationType) || !!v.locationAddress, {
    message: SERVICE_ADDRESS_REQUIRED,
    path: ['locationAddress'],
  })
  .superRefine(checkPriceChoice(false))
  .transform(({ price, ...rest }) => withPriceOfChoice({ ...rest, price: price ?? 0 }));
export type CreateServiceInput = z.input<typeof createServiceSchema>;
export type CreateServiceData = z.output<typeof createServiceSchema>;

/**
 * PATCH /api/services/{id}: any field of the create payload, the photos' order, and the provider's
 * own pause. isActive is an admin's (moderation) and is refused here.
 */
export const updateServiceSchema = z
  .strictObject({
    title: serviceTitleSchema,
    description: serviceDescriptionSchema,
    categoryId: z.string().uuid('Category is required'),
    price: servicePriceSchema,
    /** Sent with a price: the provider's currency (a price re-set is always in it). */
    currency: currencyInputSchema,
    free: serviceFreeSchema,
    pricingUnit: pricingUnitSchema,
    minHours: serviceMinHoursSchema,
    city: serviceCitySchema,
    photos: servicePhotosSchema,
    isPaused: z.boolean({ error: 'isPaused must be true or false' }),
    locationType: locationTypeSchema,
    locationAddress: locationAddressSchema,
    locationArea: locationAreaSchema,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change: send at least one field')
  .superRefine(checkPriceChoice(true))
  .transform(withPriceOfChoice);
export type UpdateServiceInput = z.input<typeof updateServiceSchema>;
export type UpdateServiceData = z.output<typeof updateServiceSchema>;

/** GET /api/provider/bookings?status= */
export const providerBookingsQuerySchema = z.object({
  status: z.enum(BOOKING_STATUSES, { error: `status must be one of ${BOOKING_STATUSES.join(', ')}` }).optional(),
});

/** Optional text that is stored as null when blank. */
const optionalProfileText = (label: string, max: number, multiline: boolean) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .normalize('NFC')
    .max(max, `${label} must be at most ${max} characters`)
    .refine(
      (v) => (multiline ? !CONTROL_EXCEPT_LINES.test(v) : v === '' || !hasHostileCharacters(v)),
      `${label} cannot contain control, text-direction or invisible characters`,
    )
    .nullable()
    .transform((v) => (v ? v : null));

/** PATCH /api/provider/me: the provider's own profile. */
export const updateMyProviderSchema = z
  .strictObject({
    displayName: z
      .string({ error: 'Display name is required' })
      .trim()
      .normalize('NFC')
      .min(1, 'Display name is required')
      .max(NAME_MAX_LENGTH, `Display name must be at most ${NAME_MAX_LENGTH} characters`)
      .refine((v) => !hasHostileCharacters(v), HOSTILE_NAME_MESSAGE),
    bio: optionalProfileText('Bio', PROFILE_BIO_MAX, true),
    baseCity: optionalProfileText('Base city', PROFILE_CITY_MAX, false),
    languages: z
      .array(
        z.string().refine(isKnownLanguage, { error: (i) => `Unknown language "${String(i.input).slice(0, 40)}"` }),
        {
          error: 'Languages must be a list',
        },
      )
      .max(MAX_PROFILE_LANGUAGES, `List at most ${MAX_PROFILE_LANGUAGES} languages`)
      .transform((list) => [...new Set(list)]),
    timeZone: timeZoneSchema,
    avatar: z
      .string()
      .min(1, 'Avatar must be an uploaded picture')
      .max(PHOTO_URL_MAX, 'Avatar URL is too long')
      .nullable(),
    /** The provider's currency (decision 047): changed only while no booking is live and no payouts account decides it. */
    currency: currencyInputSchema,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change: send at least one field');
export type UpdateMyProviderInput = z.input<typeof updateMyProviderSchema>;
export type UpdateMyProviderData = z.output<typeof updateMyProviderSchema>;
