/**
 * Builds the whole demo dataset in memory: pure and deterministic for a given `now` (a seeded
 * PRNG, stable ids), so seed.ts only has to insert it in batches.
 */
import { CATEGORIES, type CategorySlug } from '../../../shared/domain/categories.ts';
import { initialsOf } from '../../../shared/domain/initials.ts';
import {
  addCalendarDays,
  calendarDateIn,
  DAY_MS,
  formatTimeIn,
  formatWallTime,
  formatWeekdayIn,
  HOUR_MS,
  MINUTE_MS,
  weekdayOf,
  zonedToUtc,
  type CalendarDate,
} from '../../../shared/domain/time.ts';
import { Rng } from '../../../shared/prng.ts';
import { countryOfTimeZone } from '../../../shared/domain/connect.ts';
import { CURRENCY_RULES, currencyOfCountry, minimumPrice, type CurrencyCode } from '../../../shared/domain/currency.ts';
import { DEMO_EXCHANGE_RATES } from './content/exchange-rates.ts';
import { buildDemoMoney, type NewLedgerEntry, type NewManualSettlement, type NewPayment } from './demo-money.ts';
import { avatarPath, ILLUSTRATION_VARIANTS, servicePhotoPath } from './artwork/illustrations.ts';
import { CITIES, CITY_SERVICES, daypartOf, SERVICE_TEMPLATES } from './content/catalog.ts';
import type { City, ServiceTemplate } from './content/catalog.ts';
import { DEMO_PROVIDER_KEY, DEMO_TRAVELER_KEY, PROVIDERS, TRAVELERS } from './content/people.ts';
import type { ProviderProfile } from './content/people.ts';
import {
  CANCELLATIONS,
  FOLLOW_UPS,
  LOW_REVIEWS,
  OPENERS,
  PENDING_REPLIES,
  REFUNDS,
  REVIEWS,
  THANKS,
} from './content/texts.ts';
import {
  bookingAmountColumns,
  buildAvailability,
  buildCategory,
  buildProvider,
  buildService,
  buildUser,
  type NewAvailability,
  type NewBooking,
  type NewCategory,
  type NewConversation,
  type NewFavorite,
  type NewMessage,
  type NewProvider,
  type NewReview,
  type NewService,
  type NewUser,
} from './factories.ts';

export type DemoAccount = { role: 'TRAVELER' | 'PROVIDER' | 'ADMIN'; email: string; name: string };

export type DemoData = {
  users: NewUser[];
  providers: NewProvider[];
  categories: NewCategory[];
  services: NewService[];
  bookings: NewBooking[];
  availability: NewAvailability[];
  /** Inquiries: conversations before a booking (decision 025); their messages are in `messages`. */
  conversations: NewConversation[];
  messages: NewMessage[];
  reviews: NewReview[];
  favorites: NewFavorite[];
  /** The paid bookings' card payments, their settlements by hand and their ledger (demo-money.ts). */
  payments: NewPayment[];
  manualSettlements: NewManualSettlement[];
  ledgerEntries: NewLedgerEntry[];
};

type BookingStatus = NonNullable<NewBooking['status']>;
type Id = string;

type ProviderCtx = {
  profile: ProviderProfile;
  city: City;
  userId: Id;
  providerId: Id;
  firstName: string;
  createdAt: Date;
  services: ServiceCtx[];
  /** Local-day offsets (relative to today in the provider's zone) that already hold a booking. */
  busyDays: Set<number>;
};

type ServiceRowBuilt = NewService & {
  id: Id;
  createdAt: Date;
  minHours: number;
  pricingUnit: ServiceTemplate['unit'];
  isActive: boolean;
};
type ServiceCtx = { row: ServiceRowBuilt; category: CategorySlug };

type TravelerCtx = { userId: Id; firstName: string; createdAt: Date; busyDates: Set<string> };

/** Replaces `{name}` placeholders. */
export function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => vars[key] ?? whole);
}

function firstName(name: string) {
  return name.split(' ')[0] ?? name;
}

function emailOf(key: string) {
  return `${key.replace(/-/g, '.')}@example.com`;
}

/** Rounds a scaled price to something a person would charge: 50 cents below $40, $5 above. */
function roundPrice(cents: number) {
  return cents < 4000 ? Math.max(500, Math.round(cents / 50) * 50) : Math.round(cents / 500) * 500;
}

/**
 * The steps a local prices in, in major units (below the threshold, then above): ¥100 / ¥500,
 * ฿10 / ฿50, Rp 5.000 / Rp 25.000, MX$10 / MX$50, R$ 5 / R$ 10; dollars and euros as roundPrice.
 */
const LOCAL_STEPS: Partial<Record<CurrencyCode, [threshold: number, below: number, above: number]>> = {
  JPY: [5000, 100, 500],
  THB: [1000, 10, 50],
  IDR: [500_000, 5000, 25_000],
  MXN: [1000, 10, 50],
  BRL: [200, 5, 10],
};

/**
 * A demo price written in US cents (the catalogue's) as a price a local would find plausible in
 * `currency`, in its minor units: converted at the demo data's dated ECB rates, then rounded to
 * the steps people there price in (decision 048). US dollars are unchanged. Deterministic: the
 * same seed gives the same prices.
 */
export function localDemoPrice(usdCents: number, currency: CurrencyCode): number {
  if (currency === 'USD') return usdCents;
  const { perEuro } = DEMO_EXCHANGE_RATES;
  const perUsd = Number(perEuro[currency] ?? '1') / Number(perEuro.USD);
  const major = (usdCents / 100) * perUsd;
  const { exponent } = CURRENCY_RULES[currency];
  const steps = LOCAL_STEPS[currency];
  const minor = steps
    ? Math.round(major / (major < steps[0] ? steps[1] : steps[2])) *
      (major < steps[0] ? steps[1] : steps[2]) *
      10 ** exponent
    : roundPrice(Math.round(major * 100));
  return Math.max(minimumPrice(currency), minor);
}

/** The calendar date `offsetDays` days from today in `timeZone`. */
function localDay(now: Date, timeZone: string, offsetDays: number): CalendarDate {
  return addCalendarDays(calendarDateIn(now, timeZone), offsetDays);
}

function minDate(a: Date, b: Date) {
  return a.getTime() <= b.getTime() ? a : b;
}
function maxDate(a: Date, b: Date) {
  return a.getTime() >= b.getTime() ? a : b;
}

/** Explicit bookings of the demo accounts, so their dashboards tell a coherent story. */
type ScriptedBooking = {
  traveler: string;
  provider: string;
  /** Service title, or the index of the provider's service. */
  service: string | number;
  dayOffset: number;
  status: BookingStatus;
  hour?: number;
  hours?: number;
  /** A rating to leave a review with; omitted means no review. */
  review?: 1 | 2 | 3 | 4 | 5;
};

const SCRIPTED_BOOKINGS: ScriptedBooking[] = [
  // The demo traveler: Bali, then Bangkok, now Lisbon, next Barcelona.
  { traveler: DEMO_TRAVELER_KEY, provider: 'wayan-putra', service: 0, dayOffset: -46, status: 'REFUNDED', hour: 8 },
  {
    traveler: DEMO_TRAVELER_KEY,
    provider: 'made-suardana',
    service: 0,
    dayOffset: -43,
    status: 'COMPLETED',
    hour: 16,
    review: 5,
  },
  {
    traveler: DEMO_TRAVELER_KEY,
    provider: 'somchai-wongsakul',
    service: 0,
    dayOffset: -35,
    status: 'COMPLETED',
    hour: 18,
  },
  {
    traveler: DEMO_TRAVELER_KEY,
    provider: 'nattaya-chaiyaporn',
    service: 0,
    dayOffset: -33,
    status: 'COMPLETED',
    hour: 10,
    review: 4,
  },
  { traveler: DEMO_TRAVELER_KEY, provider: 'anan-boonmee', service: 0, dayOffset: -31, status: 'CANCELED', hour: 7 },
  {
    traveler: DEMO_TRAVELER_KEY,
    provider: 'joao-ferreira',
    service: 0,
    dayOffset: -3,
    status: 'COMPLETED',
    hour: 10,
    review: 5,
  },
  {
    traveler: DEMO_TRAVELER_KEY,
    provider: DEMO_PROVIDER_KEY,
    service: 'Handmade Pasta Class',
    dayOffset: -2,
    status: 'COMPLETED',
    hour: 15,
    hours: 3,
  },
  { traveler: DEMO_TRAVELER_KEY, provider: 'marta-silva', service: 0, dayOffset: 2, status: 'CONFIRMED', hour: 17 },
  {
    traveler: DEMO_TRAVELER_KEY,
    provider: DEMO_PROVIDER_KEY,
    service: 'Italian Dinner Party for Up to 8',
    dayOffset: 4,
    status: 'PENDING',
    hour: 18,
  },
  { traveler: DEMO_TRAVELER_KEY, provider: 'joao-ferreira', service: 1, dayOffset: 6, status: 'PAID', hour: 9 },
  { traveler: DEMO_TRAVELER_KEY, provider: 'carmen-ruiz', service: 0, dayOffset: 12, status: 'PENDING', hour: 19 },
  { traveler: DEMO_TRAVELER_KEY, provider: 'laia-puig', service: 0, dayOffset: 13, status: 'CONFIRMED', hour: 10 },
  // The demo provider's other guests.
  {
    traveler: 'hana-kim',
    provider: DEMO_PROVIDER_KEY,
    service: 'Handmade Pasta Class',
    dayOffset: -52,
    status: 'REFUNDED',
    hour: 15,
    hours: 3,
  },
  {
    traveler: 'chloe-martin',
    provider: DEMO_PROVIDER_KEY,
    service: 'Italian–Portuguese Tasting Menu',
    dayOffset: -40,
    status: 'COMPLETED',
    hour: 19,
    review: 5,
  },
  {
    traveler: 'mia-andersson',
    provider: DEMO_PROVIDER_KEY,
    service: 'Long Lunch alla Nonna',
    dayOffset: -27,
    status: 'COMPLETED',
    hour: 12,
    review: 4,
  },
  {
    traveler: 'samuel-adeyemi',
    provider: DEMO_PROVIDER_KEY,
    service: 'Handmade Pasta Class',
    dayOffset: -24,
    status: 'COMPLETED',
    hour: 10,
    hours: 3,
  },
  {
    traveler: 'emma-schulz',
    provider: DEMO_PROVIDER_KEY,
    service: 'Italian Dinner Party for Up to 8',
    dayOffset: -20,
    status: 'COMPLETED',
    hour: 19,
    review: 5,
  },
  {
    traveler: 'noah-williams',
    provider: DEMO_PROVIDER_KEY,
    service: 'Handmade Pasta Class',
    dayOffset: -12,
    status: 'COMPLETED',
    hour: 15,
    hours: 3,
    review: 5,
  },
  {
    traveler: 'lucas-muller',
    provider: DEMO_PROVIDER_KEY,
    service: 'Handmade Pasta Class',
    dayOffset: -8,
    status: 'CANCELED',
    hour: 10,
    hours: 3,
  },
  {
    traveler: 'olivia-brown',
    provider: DEMO_PROVIDER_KEY,
    service: 'Handmade Pasta Class',
    dayOffset: 3,
    status: 'PENDING',
    hour: 15,
    hours: 3,
  },
  {
    traveler: 'amara-okafor',
    provider: DEMO_PROVIDER_KEY,
    service: 'Long Lunch alla Nonna',
    dayOffset: 5,
    status: 'CONFIRMED',
    hour: 12,
  },
  {
    traveler: 'ethan-park',
    provider: DEMO_PROVIDER_KEY,
    service: 'Italian Dinner Party for Up to 8',
    dayOffset: 7,
    status: 'PAID',
    hour: 19,
  },
  {
    traveler: 'mateo-garcia',
    provider: DEMO_PROVIDER_KEY,
    service: 'Italian–Portuguese Tasting Menu',
    dayOffset: 9,
    status: 'PENDING',
    hour: 19,
  },
  {
    traveler: 'zoe-dubois',
    provider: DEMO_PROVIDER_KEY,
    service: 'Handmade Pasta Class',
    dayOffset: 11,
    status: 'PENDING',
    hour: 10,
    hours: 4,
  },
];

/** Services the demo traveler has saved. */
const DEMO_FAVORITES: { provider: string; service: number }[] = [
  { provider: 'carmen-ruiz', service: 1 },
  { provider: 'jordi-vidal', service: 0 },
  { provider: 'ines-carvalho', service: 0 },
  { provider: 'yuki-tanaka', service: 0 },
  { provider: 'kenji-watanabe', service: 1 },
  { provider: 'ketut-ariani', service: 0 },
  { provider: DEMO_PROVIDER_KEY, service: 3 },
];

/**
 * The demo traveler asks the demo provider about a service she saved but has not booked (an
 * inquiry, decision 025): asked about a day ago, answered, and her last message, 40 minutes old,
 * not yet read by the provider. `T`: the traveler sends it, `P`: the provider.
 */
const DEMO_INQUIRY = {
  provider: DEMO_PROVIDER_KEY,
  service: 'Italian–Portuguese Tasting Menu',
  messages: [
    [
      'T',
      'Hi {p}! Before I book the tasting menu: could you cook it for my parents’ anniversary, four of us on a terrace in Alfama? My father does not eat pork.',
    ],
    [
      'P',
      'Hello {t}, congratulations to them! A terrace is perfect. I will swap the presunto course for grilled octopus, and I can bring a small cake for the toast. Which evening are you thinking of?',
    ],
    ['T', 'Wonderful, thank you! Friday or Saturday next week. Could we start at 19:30, to catch the sunset?'],
  ] as const satisfies readonly (readonly ['T' | 'P', string])[],
};

/** Services the demo traveler (an adult travelling as a couple) would not book. */
const NOT_FOR_A_COUPLE = /prenatal|groups|kids|family|wedding|newborn|pediatric|bridal|nanny|event/i;

const BOOKING_NOTES = [
  'Two adults, one vegetarian.',
  'Please ring twice, the intercom is a bit broken.',
  'We are celebrating our 10th anniversary!',
  'Our 4-year-old will be around, hope that is OK.',
  'I have a mild shellfish allergy.',
  'The building has no lift, we are on the 3rd floor. Sorry!',
  'Could we start 15 minutes later if our flight is delayed?',
  'Please call when you arrive, the reception closes at 10 pm.',
];

/** Generates the demo dataset for the moment `now`. */
export function buildDemoData(now: Date, passwordHash: string): DemoData {
  const rng = new Rng('locora-demo-v1');
  const ids = new Rng('locora-demo-ids-v1');
  const daysAgo = (d: number, extraHours = 0) => new Date(now.getTime() - d * DAY_MS - extraHours * HOUR_MS);

  const data: DemoData = {
    users: [],
    providers: [],
    categories: [],
    services: [],
    bookings: [],
    availability: [],
    conversations: [],
    messages: [],
    reviews: [],
    favorites: [],
    payments: [],
    manualSettlements: [],
    ledgerEntries: [],
  };

  // ------------------------------------------------------------------------------ categories
  const categoryIds = new Map<CategorySlug, Id>();
  CATEGORIES.forEach((c, i) => {
    const id = ids.uuid();
    categoryIds.set(c.slug, id);
    data.categories.push(buildCategory({ id, name: c.name, slug: c.slug, icon: c.icon, createdAt: daysAgo(900 - i) }));
  });

  // ------------------------------------------------------------------------------- admin + travelers
  const adminId = ids.uuid();
  data.users.push(
    buildUser({
      id: adminId,
      email: 'admin@locora.test',
      name: 'Ada Admin',
      role: 'ADMIN',
      passwordHash,
      createdAt: daysAgo(900),
    }),
  );

  const travelers = new Map<string, TravelerCtx>();
  for (const p of TRAVELERS) {
    const id = ids.uuid();
    const createdAt = p.key === DEMO_TRAVELER_KEY ? daysAgo(220, 5) : daysAgo(rng.int(150, 520), rng.int(0, 23));
    data.users.push(
      buildUser({
        id,
        email: p.email ?? emailOf(p.key),
        name: p.name,
        role: 'TRAVELER',
        image: p.hasAvatar ? avatarPath(p.key, initialsOf(p.name)) : null,
        passwordHash,
        createdAt,
      }),
    );
    travelers.set(p.key, { userId: id, firstName: firstName(p.name), createdAt, busyDates: new Set() });
  }

  // ------------------------------------------------------------------------------ providers + services
  const providers = new Map<string, ProviderCtx>();
  // Covers rotate through each category's 12 illustrations, so neighbouring cards differ.
  const coverCursor = new Map<string, number>();
  const usedTitlesByCity = new Map<string, Set<string>>();
  const allTitles = new Set<string>();
  for (const profile of PROVIDERS) {
    const city = CITIES[profile.city];
    // Each city's providers are priced and paid in its own currency (their country's).
    const currency = currencyOfCountry(countryOfTimeZone(city.timeZone));
    const userId = ids.uuid();
    const providerId = ids.uuid();
    const joinedDaysAgo =
      profile.govIdStatus === 'PENDING'
        ? rng.int(2, 18)
        : profile.govIdStatus === 'REJECTED'
          ? rng.int(25, 60)
          : rng.int(200, 720);
    const createdAt = daysAgo(joinedDaysAgo, rng.int(0, 23));
    const avatar = avatarPath(profile.key, initialsOf(profile.name));
    data.users.push(
      buildUser({
        id: userId,
        email: profile.email ?? emailOf(profile.key),
        name: profile.name,
        role: 'PROVIDER',
        image: avatar,
        passwordHash,
        createdAt,
      }),
    );
    data.providers.push(
      buildProvider({
        id: providerId,
        userId,
        displayName: profile.displayName,
        avatar,
        bio: profile.bio,
        baseCity: city.name,
        languages: profile.languages,
        timeZone: city.timeZone,
        currency,
        govIdStatus: profile.govIdStatus,
        phoneVerified: profile.phoneVerified,
        createdAt: new Date(createdAt.getTime() + 20 * MINUTE_MS),
      }),
    );
    const ctx: ProviderCtx = {
      profile,
      city,
      userId,
      providerId,
      firstName: firstName(profile.name),
      createdAt,
      services: [],
      busyDays: new Set(),
    };
    providers.set(profile.key, ctx);

    const usedTitles = usedTitlesByCity.get(profile.city) ?? new Set<string>();
    usedTitlesByCity.set(profile.city, usedTitles);
    const picks =
      profile.services?.map((s) => ({ ...s, scaled: false })) ?? pickServices(rng, profile, usedTitles, allTitles);
    const vars = { city: city.name, cuisine: city.cuisine };
    picks.forEach(({ category, template, scaled }, i) => {
      // Titles do not repeat across cities (decision 016): a title another city already has
      // names this city.
      const plain = fill(template.title, vars);
      const title = allTitles.has(plain) ? `${plain} in ${city.name}` : plain;
      usedTitles.add(plain);
      allTitles.add(title);
      const photoCount = rng.weighted([
        [1, 2],
        [2, 3],
        [3, 4],
        [4, 3],
      ] as const);
      const cover = ((coverCursor.get(category) ?? 0) % ILLUSTRATION_VARIANTS) + 1;
      coverCursor.set(category, cover);
      const others = rng.sample(
        Array.from({ length: ILLUSTRATION_VARIANTS }, (_, k) => k + 1).filter((k) => k !== cover),
        photoCount - 1,
      );
      const photos = [cover, ...others].map((n) => servicePhotoPath(category, n));
      const usdPrice = scaled
        ? roundPrice(template.price * city.priceFactor * (0.9 + rng.float() * 0.2))
        : template.price;
      const price = localDemoPrice(usdPrice, currency);
      const serviceCreated = new Date(
        Math.min(createdAt.getTime() + (i + 1) * rng.int(6, 20 * 24) * HOUR_MS, now.getTime() - 3 * HOUR_MS),
      );
      const row = buildService({
        id: ids.uuid(),
        providerId,
        categoryId: categoryIds.get(category) as Id,
        title,
        description: fill(template.description, vars),
        city: city.name,
        photos,
        priceCents: price,
        currency,
        pricingUnit: template.unit,
        // A session or a day is never longer than the provider's longest working stretch, so the
        // calendar can hold it (the field is the length of one session or one day: decision 035).
        minHours: Math.min(template.minHours, longestStretch(profile)),
        // Tours start at a meeting point (its address told once a booking is confirmed); the rest
        // come to the traveler, whose address checkout asks for.
        ...(category === 'tours'
          ? {
              locationType: 'meeting_point' as const,
              locationAddress: rng.pick(city.addresses),
              locationArea: rng.pick(city.neighbourhoods),
            }
          : { locationType: 'traveler_address' as const }),
        isActive: profile.govIdStatus !== 'REJECTED',
        createdAt: serviceCreated,
      }) as ServiceCtx['row'];
      ctx.services.push({ row, category });
    });
  }

  // A few services switched off by their providers (the demo provider has one too).
  const paolo = providers.get(DEMO_PROVIDER_KEY) as ProviderCtx;
  const paoloLast = paolo.services[paolo.services.length - 1];
  if (paoloLast) paoloLast.row.isActive = false;
  const approvedOthers = [...providers.values()].filter(
    (p) => p.profile.govIdStatus === 'APPROVED' && p.profile.key !== DEMO_PROVIDER_KEY && p.services.length > 2,
  );
  for (const p of rng.sample(approvedOthers, 4)) {
    const s = p.services[p.services.length - 1];
    if (s) s.row.isActive = false;
  }
  for (const p of providers.values()) for (const s of p.services) data.services.push(s.row);

  // ------------------------------------------------------------------------------ availability
  for (const p of providers.values()) buildAvailabilityFor(p, now, rng, ids, data.availability);
  const availabilityOf = new Map<Id, NewAvailability[]>();
  for (const a of data.availability) {
    const list = availabilityOf.get(a.providerId as Id) ?? [];
    list.push(a);
    availabilityOf.set(a.providerId as Id, list);
  }
  /**
   * An upcoming booking sits inside one of its provider's open slots and touches no blocked one
   * (what the booking API itself would accept). Past bookings predate the schedule the seed draws.
   */
  const fitsAvailability = (p: ProviderCtx, startAt: Date, endAt: Date) => {
    const slots = availabilityOf.get(p.providerId) ?? [];
    const inside = slots.some(
      (a) => !a.isBlocked && a.startAt.getTime() <= startAt.getTime() && endAt.getTime() <= a.endAt.getTime(),
    );
    const blocked = slots.some(
      (a) => a.isBlocked && a.startAt.getTime() < endAt.getTime() && startAt.getTime() < a.endAt.getTime(),
    );
    return inside && !blocked;
  };

  // ------------------------------------------------------------------------------ bookings
  const bookingsOut: BookingBuilt[] = [];
  const makeBooking = (
    p: ProviderCtx,
    s: ServiceCtx,
    t: TravelerCtx,
    dayOffset: number,
    status: BookingStatus,
    opts: { hour?: number; hours?: number } = {},
  ): BookingBuilt | undefined => {
    const tz = p.city.timeZone;
    const unitHours =
      s.row.pricingUnit === 'per hour'
        ? s.row.minHours +
          rng.weighted([
            [0, 5],
            [1, 3],
            [2, 1],
          ] as const)
        : s.row.minHours;
    // A session or a day blocks its length, whatever a script asks (decision 035).
    const hours = s.row.pricingUnit === 'per hour' ? (opts.hours ?? unitHours) : unitHours;
    const [open, close] = p.profile.hours;
    const latest = Math.max(open, close - hours);
    const hour = opts.hour !== undefined ? Math.min(Math.max(opts.hour, open), latest) : rng.int(open, latest);
    const minute = opts.hour === undefined && rng.chance(0.3) ? 30 : 0;
    const day = localDay(now, tz, dayOffset);
    const startAt = zonedToUtc(day, formatWallTime(hour, minute), tz);
    // A traveler takes at most one booking per UTC day (travelers move between zones).
    const dateKey = calendarDateIn(startAt, 'UTC');
    if (p.busyDays.has(dayOffset) || t.busyDates.has(dateKey)) return undefined;
    const endAt = new Date(startAt.getTime() + hours * HOUR_MS);
    if (startAt.getTime() > now.getTime() && !fitsAvailability(p, startAt, endAt)) return undefined;
    const floor = new Date(Math.max(s.row.createdAt.getTime(), t.createdAt.getTime()) + HOUR_MS);
    let createdAt: Date;
    if (startAt.getTime() < now.getTime()) {
      createdAt = maxDate(floor, new Date(startAt.getTime() - rng.int(2, 25) * DAY_MS - rng.int(0, 23) * HOUR_MS));
    } else if (status === 'PENDING') {
      // A request still waiting for its answer: made within the last day, so its respond-by time
      // (24 hours after it was made, or its start if sooner) is still ahead.
      createdAt = maxDate(floor, new Date(now.getTime() - rng.int(2, 20) * HOUR_MS));
    } else {
      createdAt = maxDate(floor, new Date(now.getTime() - rng.int(3, 240) * HOUR_MS));
    }
    if (createdAt.getTime() >= Math.min(startAt.getTime(), now.getTime() - HOUR_MS)) return undefined;
    p.busyDays.add(dayOffset);
    t.busyDates.add(dateKey);
    const city = p.city;
    // The traveler's address when the service comes to them (checkout requires it); none for a
    // meeting point, whose address is the service's.
    const address =
      s.row.locationType === 'meeting_point'
        ? null
        : s.category === 'driver'
          ? `Pick-up: ${rng.pick(city.addresses)}`
          : rng.pick(city.addresses);
    const row: NewBooking & { id: Id; createdAt: Date; startAt: Date; endAt: Date } = {
      id: ids.uuid(),
      userId: t.userId,
      serviceId: s.row.id,
      providerId: p.providerId,
      status,
      startAt,
      hours,
      endAt,
      ...bookingAmountColumns(s.row.priceCents, hours, s.row.pricingUnit, s.row.currency),
      address,
      notes: rng.chance(0.35) ? rng.pick(BOOKING_NOTES) : null,
      createdAt,
    };
    const built = { row, provider: p, service: s, traveler: t };
    bookingsOut.push(built);
    return built;
  };

  const reviewPlan = new Map<Id, number | null>();
  for (const b of SCRIPTED_BOOKINGS) {
    const p = providers.get(b.provider);
    const t = travelers.get(b.traveler);
    if (!p || !t) throw new Error(`scripted booking refers to unknown ${b.provider} / ${b.traveler}`);
    const s =
      typeof b.service === 'number'
        ? (p.services.filter((x) => !NOT_FOR_A_COUPLE.test(x.row.title))[b.service] ?? p.services[b.service])
        : p.services.find((x) => x.row.title === b.service);
    if (!s) throw new Error(`scripted booking: ${b.provider} has no service ${b.service}`);
    // An upcoming booking moves to the next day that the provider's schedule has room for.
    let built: BookingBuilt | undefined;
    for (let shift = 0; !built && shift < (b.dayOffset > 0 ? 14 : 1); shift++) {
      built = makeBooking(p, s, t, b.dayOffset + shift, b.status, { hour: b.hour, hours: b.hours });
    }
    if (!built) throw new Error(`scripted booking ${b.traveler} -> ${b.provider} on day ${b.dayOffset} collides`);
    reviewPlan.set(built.row.id, b.review ?? null);
  }

  const randomTravelers = [...travelers.entries()].filter(([key]) => key !== DEMO_TRAVELER_KEY).map(([, t]) => t);
  for (const p of providers.values()) {
    if (p.profile.key === DEMO_PROVIDER_KEY || p.profile.govIdStatus === 'REJECTED') continue;
    const approved = p.profile.govIdStatus === 'APPROVED';
    const plan: { past: boolean; status?: BookingStatus }[] = [];
    if (approved) {
      for (let i = rng.int(4, 8); i > 0; i--) plan.push({ past: true });
      for (let i = rng.int(2, 4); i > 0; i--) plan.push({ past: false });
    } else {
      for (let i = rng.int(0, 2); i > 0; i--) plan.push({ past: false, status: 'PENDING' });
    }
    const active = p.services.filter((s) => s.row.isActive);
    for (const item of plan) {
      for (let attempt = 0; attempt < 12; attempt++) {
        const dayOffset = item.past ? -rng.int(1, 85) : rng.int(1, 20);
        const status =
          item.status ??
          (item.past
            ? rng.weighted<BookingStatus>([
                ['COMPLETED', 78],
                ['CANCELED', 12],
                ['REFUNDED', 10],
              ])
            : rng.weighted<BookingStatus>([
                ['PENDING', 30],
                ['CONFIRMED', 28],
                ['PAID', 32],
                ['CANCELED', 7],
                ['REFUNDED', 3],
              ]));
        const pool = item.past ? p.services : active;
        if (pool.length === 0) break;
        const s = rng.pick(pool);
        if (item.past && s.row.createdAt.getTime() > now.getTime() + dayOffset * DAY_MS - 3 * DAY_MS) continue;
        if (makeBooking(p, s, rng.pick(randomTravelers), dayOffset, status)) break;
      }
    }
  }
  bookingsOut.sort((a, b) => a.row.createdAt.getTime() - b.row.createdAt.getTime());
  for (const b of bookingsOut) data.bookings.push(b.row);

  // ------------------------------------------------------------------------------ money
  // The paid bookings' card payments and ledger (demo-money.ts): no random draws, so every other
  // row is as it was.
  const money = buildDemoMoney(
    bookingsOut.map(({ row }) => ({
      ...row,
      status: row.status ?? 'PENDING',
      // bookingAmountColumns sets both (the insert's types leave them to the database's defaults).
      currency: row.currency!,
      feeCents: row.feeCents!,
    })),
    { now, adminId, rates: DEMO_EXCHANGE_RATES },
  );
  for (const b of bookingsOut) {
    const authorisedAt = money.authorisedAt.get(b.row.id);
    // Paid by card: the card was asked for with the request, and authorised.
    if (authorisedAt) Object.assign(b.row, { paymentRequired: true, authorisedAt });
  }
  data.payments.push(...money.payments);
  data.manualSettlements.push(...money.manualSettlements);
  data.ledgerEntries.push(...money.ledgerEntries);

  // ------------------------------------------------------------------------------ reviews + messages
  const reviewTextsUsed = new Map<Id, Set<string>>();
  for (const b of bookingsOut) {
    const scripted = reviewPlan.has(b.row.id);
    const isDemo =
      b.provider.profile.key === DEMO_PROVIDER_KEY || b.traveler.userId === travelers.get(DEMO_TRAVELER_KEY)?.userId;
    const vars = messageVars(b);

    if (scripted || isDemo || rng.chance(0.7)) buildMessages(b, vars, now, rng, ids, data.messages);

    if (b.row.status !== 'COMPLETED') continue;
    let rating: number | null;
    if (scripted) rating = reviewPlan.get(b.row.id) ?? null;
    else if (rng.chance(0.8)) {
      rating = rng.weighted([
        [5, 58],
        [4, 30],
        [3, 8],
        [2, 3],
        [1, 1],
      ] as const);
    } else rating = null;
    if (rating === null) continue;
    const options = rating >= 4 ? REVIEWS[b.service.category][rating as 4 | 5] : LOW_REVIEWS[rating as 1 | 2 | 3];
    const used = reviewTextsUsed.get(b.provider.providerId) ?? new Set<string>();
    reviewTextsUsed.set(b.provider.providerId, used);
    const fresh = options.filter((o) => !used.has(o));
    const text = rng.pick(fresh.length > 0 ? fresh : options);
    used.add(text);
    const createdAt = minDate(
      new Date(b.row.endAt.getTime() + rng.int(2, 72) * HOUR_MS),
      new Date(now.getTime() - 30 * MINUTE_MS),
    );
    data.reviews.push({
      id: ids.uuid(),
      bookingId: b.row.id,
      serviceId: b.row.serviceId,
      authorId: b.row.userId,
      rating,
      text: fill(text, vars),
      createdAt,
      publishedAt: createdAt,
    });
  }

  // ------------------------------------------------------------------------------ favourites
  const tess = travelers.get(DEMO_TRAVELER_KEY) as TravelerCtx;
  const favKeys = new Set<string>();
  const addFavorite = (userId: Id, serviceId: Id, createdAt: Date) => {
    const key = `${userId}:${serviceId}`;
    if (favKeys.has(key)) return;
    favKeys.add(key);
    data.favorites.push({ userId, serviceId, createdAt });
  };
  DEMO_FAVORITES.forEach((f, i) => {
    const s = providers.get(f.provider)?.services[f.service];
    if (s) addFavorite(tess.userId, s.row.id, daysAgo(60 - i * 7, i));
  });
  const activeServices = data.services.filter((s) => s.isActive);
  for (const t of randomTravelers) {
    for (const s of rng.sample(activeServices, rng.int(0, 5)))
      addFavorite(t.userId, s.id as Id, daysAgo(rng.int(1, 90), rng.int(0, 23)));
  }

  // ------------------------------------------------------------------------------ an inquiry
  // Built last, so the draws above (and every other row) are as they were before it existed.
  // Inserted after the bookings: the trigger that turns an inquiry into a booking's thread
  // (migration 0017) then leaves it open.
  const asked = providers.get(DEMO_INQUIRY.provider) as ProviderCtx;
  const about = asked.services.find((x) => x.row.title === DEMO_INQUIRY.service);
  if (!about?.row.isActive)
    throw new Error(`demo inquiry: ${DEMO_INQUIRY.provider} has no active ${DEMO_INQUIRY.service}`);
  const conversationId = ids.uuid();
  const openedAt = daysAgo(1, rng.int(1, 3));
  data.conversations.push({
    id: conversationId,
    travelerId: tess.userId,
    serviceId: about.row.id,
    providerId: asked.providerId,
    createdAt: openedAt,
  });
  const inquiryVars = { t: tess.firstName, p: asked.firstName };
  const lastAt = new Date(now.getTime() - 40 * MINUTE_MS);
  DEMO_INQUIRY.messages.forEach(([from, body], i, all) => {
    const last = i === all.length - 1;
    // The first at the opening, the others a few hours apart; each but the last read a little later.
    const createdAt = last ? lastAt : new Date(openedAt.getTime() + i * rng.int(2, 5) * HOUR_MS);
    data.messages.push({
      id: ids.uuid(),
      bookingId: null,
      conversationId,
      senderId: from === 'T' ? tess.userId : asked.userId,
      body: fill(body, inquiryVars),
      createdAt,
      readAt: last ? null : new Date(createdAt.getTime() + rng.int(5, 45) * MINUTE_MS),
    });
  });

  return data;
}

type BookingBuilt = {
  row: NewBooking & { id: Id; createdAt: Date; startAt: Date; endAt: Date };
  provider: ProviderCtx;
  service: ServiceCtx;
  traveler: TravelerCtx;
};

/** The catalogue picks of one provider: 2-3 services of the main category, 1-2 of each other. */
function pickServices(
  rng: Rng,
  profile: ProviderProfile,
  usedTitles: Set<string>,
  allTitles: Set<string>,
): { category: CategorySlug; template: ServiceTemplate; scaled: boolean }[] {
  const city = CITIES[profile.city];
  const out: { category: CategorySlug; template: ServiceTemplate; scaled: boolean }[] = [];
  profile.categories.forEach((category, index) => {
    const local = rng
      .shuffle(CITY_SERVICES[profile.city]?.[category] ?? [])
      .map((template) => ({ template, scaled: false }));
    const generic = rng.shuffle(SERVICE_TEMPLATES[category]).map((template) => ({ template, scaled: true }));
    const want =
      index === 0
        ? rng.int(profile.categories.length > 1 ? 2 : 3, profile.categories.length > 1 ? 3 : 4)
        : rng.int(1, 2);
    const titleOf = (c: { template: ServiceTemplate }) =>
      fill(c.template.title, { city: city.name, cuisine: city.cuisine });
    // Titles no other city has yet come first (a stable sort keeps the shuffled order otherwise).
    // Only what the provider's hours can hold at its time of day (an evening service needs evenings).
    const candidates = [...local, ...generic]
      .filter((c) => !usedTitles.has(titleOf(c)))
      .filter(
        (c) => longestFit(profile, daypartOf(titleOf(c))) >= Math.min(c.template.minHours, longestStretch(profile)),
      )
      .sort((a, b) => Number(allTitles.has(titleOf(a))) - Number(allTitles.has(titleOf(b))));
    for (const c of candidates.slice(0, want)) out.push({ category, ...c });
  });
  return out;
}

/** The provider's working blocks of a day, in local hours (a split day breaks for lunch at 13). */
function workingBlocks(profile: ProviderProfile): [number, number][] {
  const [open, close] = profile.hours;
  return profile.availability === 'split' && open < 13 && close > 15
    ? [
        [open, 13],
        [14, close],
      ]
    : [[open, close]];
}

/** The longest stretch of working hours in a row inside a part of the day. */
export function longestFit(profile: ProviderProfile, [from, to]: readonly [number, number]): number {
  return Math.max(0, ...workingBlocks(profile).map(([open, close]) => Math.min(close, to) - Math.max(open, from)));
}

/** The longest stretch of hours in a row the provider's availability offers on a working day. */
function longestStretch(profile: ProviderCtx['profile']): number {
  const [open, close] = profile.hours;
  if (profile.availability === 'split' && open < 13 && close > 15) return Math.max(13 - open, close - 14);
  return close - open;
}

function buildAvailabilityFor(p: ProviderCtx, now: Date, rng: Rng, ids: Rng, out: NewAvailability[]) {
  const { profile } = p;
  const tz = p.city.timeZone;
  const [open, close] = profile.hours;
  const slot = (offset: number, from: number, to: number, extra: Partial<NewAvailability> = {}) => {
    const day = localDay(now, tz, offset);
    out.push(
      buildAvailability({
        id: ids.uuid(),
        providerId: p.providerId,
        startAt: zonedToUtc(day, formatWallTime(from), tz),
        endAt: zonedToUtc(day, formatWallTime(to), tz),
        createdAt: new Date(now.getTime() - rng.int(1, 20) * DAY_MS),
        ...extra,
      }),
    );
  };
  const worksOn = (offset: number) => profile.workDays.includes(weekdayOf(localDay(now, tz, offset)));

  if (profile.availability === 'none') return;

  if (profile.availability === 'recurring') {
    // One WEEKLY series: 12 weeks of occurrences on the selected weekdays, sharing a series id.
    const seriesId = ids.uuid();
    const createdAt = new Date(now.getTime() - rng.int(1, 6) * DAY_MS);
    const recurrenceDays = [...profile.workDays].sort((a, b) => a - b);
    for (let offset = 1; offset <= 12 * 7; offset++) {
      if (!worksOn(offset)) continue;
      slot(offset, open, close, { isRecurring: true, recurrenceType: 'WEEKLY', recurrenceDays, seriesId, createdAt });
    }
    // Plus a couple of one-off blocked hours in the next three weeks.
    const blockable = Array.from({ length: 21 }, (_, i) => i + 1).filter(worksOn);
    for (const offset of rng.sample(blockable, 2)) {
      const from = rng.int(open, Math.max(open, close - 3));
      slot(offset, from, Math.min(close, from + rng.int(2, 3)), { isBlocked: true });
    }
    return;
  }

  for (let offset = 1; offset <= 21; offset++) {
    if (!worksOn(offset)) continue;
    if (rng.chance(0.08)) {
      slot(offset, open, close, { isBlocked: true }); // a day off
      continue;
    }
    if (profile.availability === 'split' && open < 13 && close > 15) {
      slot(offset, open, 13);
      slot(offset, 14, close);
    } else {
      slot(offset, open, close);
    }
  }
}

function messageVars(b: BookingBuilt): Record<string, string> {
  const tz = b.provider.city.timeZone;
  const rng = new Rng(b.row.id);
  return {
    t: b.traveler.firstName,
    p: b.provider.firstName,
    city: b.provider.city.name,
    place: rng.pick(b.provider.city.neighbourhoods),
    service: b.service.row.title,
    day: formatWeekdayIn(b.row.startAt, tz),
    time: formatTimeIn(b.row.startAt, tz),
  };
}

/** A believable thread for a booking, timed after its creation and never in the future. */
function buildMessages(
  b: BookingBuilt,
  vars: Record<string, string>,
  now: Date,
  rng: Rng,
  ids: Rng,
  out: NewMessage[],
) {
  const T = b.traveler.userId;
  const P = b.provider.userId;
  const opener = rng.pick(OPENERS[b.service.category]);
  const before: [Id, string][] = [
    [T, opener.ask],
    [P, opener.answer],
  ];
  const after: [Id, string][] = [];
  switch (b.row.status) {
    case 'PENDING':
      before.length = 1;
      if (rng.chance(0.5)) before.push([P, rng.pick(PENDING_REPLIES)]);
      break;
    case 'CONFIRMED':
    case 'PAID': {
      const f = rng.pick(FOLLOW_UPS);
      if (rng.chance(0.7)) before.push([T, f.ask], [P, f.answer]);
      break;
    }
    case 'COMPLETED': {
      const f = rng.pick(FOLLOW_UPS);
      if (rng.chance(0.5)) before.push([T, f.ask], [P, f.answer]);
      const th = rng.pick(THANKS);
      if (rng.chance(0.75)) after.push([T, th.ask], [P, th.answer]);
      break;
    }
    case 'CANCELED': {
      const c = rng.pick(CANCELLATIONS);
      before.push([T, c.ask], [P, c.answer]);
      break;
    }
    case 'REFUNDED': {
      const r = rng.pick(REFUNDS);
      before.push([T, r.ask], [P, r.answer]);
      break;
    }
  }

  const latest = new Date(now.getTime() - 5 * MINUTE_MS);
  const place = (msgs: [Id, string][], from: Date, until: Date) => {
    if (msgs.length === 0 || until.getTime() <= from.getTime()) return;
    const gaps = msgs.map((_, i) => (i === 0 ? rng.int(5, 90) : rng.int(3, 240)) * MINUTE_MS);
    const total = gaps.reduce((a, g) => a + g, 0);
    const room = until.getTime() - from.getTime();
    const scale = total > room ? room / total : 1;
    let t = from.getTime();
    msgs.forEach(([senderId, body], i) => {
      t += Math.max(1000, Math.floor((gaps[i] as number) * scale));
      const createdAt = new Date(Math.min(t, until.getTime()));
      const readAt = new Date(createdAt.getTime() + rng.int(1, 45) * MINUTE_MS);
      out.push({
        id: ids.uuid(),
        bookingId: b.row.id,
        senderId,
        body: fill(body, vars),
        createdAt,
        readAt: readAt.getTime() < latest.getTime() ? readAt : null,
      });
    });
  };
  place(before, b.row.createdAt, minDate(new Date(b.row.startAt.getTime() - 30 * MINUTE_MS), latest));
  const afterStart = new Date(b.row.endAt.getTime() + rng.int(1, 10) * HOUR_MS);
  place(after, afterStart, minDate(new Date(afterStart.getTime() + 2 * DAY_MS), latest));
}
