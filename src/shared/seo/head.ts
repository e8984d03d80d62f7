/**
 * Search engines and link previews see every service and provider: the server-rendered HTML of
 * /service/{id} and /provider/{userId} carries title, description, canonical URL, Open Graph,
 * Twitter and schema.org JSON-LD. The pages declare their head while they render
 * (useServerHead); the server writes it. Pure functions: they build strings, callers send them.
 * What people read (the title and the description) is the page's, in its reader's language
 * (HeadWords); the canonical URL is the page's own, under its language's prefix (the others are
 * its hreflang alternates).
 */
import type { PublicProvider, ServiceDetail } from '../api/catalog.ts';
import { minorToDecimal, type CurrencyCode } from '../domain/currency.ts';
import { CAROUSEL_SIZES, photoSources, type PhotoSources } from '../domain/photos.ts';
import { localizedPath } from '../domain/locale-path.ts';
import type { Locale } from '../domain/locales.ts';

/**
 * The words of a page's head in its reader's language: its title ('Dawn surf in Lisbon · Locora')
 * and what it is about (the description, up to 160 characters once written).
 */
export type HeadWords = { locale: Locale; title: string; description: string };

/**
 * A price for schema.org (an Offer's price, with priceCurrency beside it): a plain decimal with a
 * dot and the currency's decimals, no symbol or separators, exact: (3999, USD) -> '39.99',
 * (4000, USD) -> '40.00', (8000, JPY) -> '8000'. People read prices as formatMoney writes them;
 * this is for machines only.
 */
export function schemaOrgPrice(amount: number, currency: CurrencyCode): string {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new RangeError(`a price must be a whole, non-negative number of ${currency} minor units`);
  return minorToDecimal(amount, currency);
}

export type HeadTags = {
  title: string;
  description: string;
  canonical: string;
  image: string | undefined;
  type: 'website' | 'profile' | 'product';
  jsonLd: Record<string, unknown>;
  noindex?: boolean;
  /**
   * The picture the page opens with (the service's first photo), preloaded at the top of the head:
   * it is the page's largest paint, and is otherwise found only after the page's scripts are asked for.
   */
  preloadImage?: PhotoSources;
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** JSON for a <script type="application/ld+json"> block: nothing in it can close the tag. */
export function safeJsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  return clean.slice(0, max - 1).replace(/\s+\S*$/, '') + '…';
}

/** An absolute URL for a stored path, or undefined when it cannot be made one. */
export function absoluteUrl(path: string | null | undefined, origin: string): string | undefined {
  if (!path) return undefined;
  try {
    return new URL(path, origin).toString();
  } catch {
    return undefined;
  }
}

const unitLabel = { 'per hour': 'HOUR', 'per session': 'SESSION', 'per day': 'DAY' } as const;

export function serviceHead(service: ServiceDetail, origin: string, words: HeadWords): HeadTags {
  const canonical = `${origin}${localizedPath(words.locale, `/service/${service.id}`)}`;
  // schema.org wants a plain decimal ('39.99', '40.00'); people read the price as every screen shows it.
  const price = schemaOrgPrice(service.price, service.currency);
  // The service's own rating and count, as its page shows them (decision 019).
  const rating = service.rating;
  const reviewCount = service.ratingCount;
  const image = absoluteUrl(service.photos[0], origin);
  const description = truncate(words.description, 160);
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: service.title,
    description: truncate(service.description, 500),
    url: canonical,
    ...(image ? { image } : {}),
    serviceType: service.category.name,
    areaServed: { '@type': 'City', name: service.city },
    provider: {
      '@type': 'Person',
      name: service.provider.displayName,
      url: `${origin}${localizedPath(words.locale, `/provider/${service.provider.userId}`)}`,
    },
    offers: {
      '@type': 'Offer',
      price,
      priceCurrency: service.currency,
      availability: 'https://schema.org/InStock',
      url: canonical,
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price,
        priceCurrency: service.currency,
        unitText: unitLabel[service.pricingUnit],
      },
    },
  };
  if (reviewCount > 0 && rating > 0) {
    jsonLd.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: rating.toFixed(1),
      reviewCount,
      bestRating: '5',
      worstRating: '1',
    };
  }
  return {
    title: words.title,
    description,
    canonical,
    image,
    type: 'product',
    jsonLd,
    ...(service.photos[0] ? { preloadImage: photoSources(service.photos[0], CAROUSEL_SIZES) } : {}),
  };
}

export function providerHead(provider: PublicProvider, origin: string, words: HeadWords): HeadTags {
  const canonical = `${origin}${localizedPath(words.locale, `/provider/${provider.userId}`)}`;
  const image = absoluteUrl(provider.avatar, origin);
  const description = truncate(provider.bio || words.description, 160);
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: provider.displayName,
    description: truncate(provider.bio ?? description, 500),
    url: canonical,
    ...(image ? { image } : {}),
    ...(provider.baseCity ? { address: { '@type': 'PostalAddress', addressLocality: provider.baseCity } } : {}),
    ...(provider.languages.length ? { knowsLanguage: provider.languages } : {}),
  };
  if (provider.ratingCount > 0) {
    jsonLd.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: provider.rating.toFixed(1),
      reviewCount: provider.ratingCount,
      bestRating: '5',
      worstRating: '1',
    };
  }
  if (provider.services.length) {
    jsonLd.makesOffer = provider.services.slice(0, 20).map((s) => ({
      '@type': 'Offer',
      price: schemaOrgPrice(s.price, s.currency),
      priceCurrency: s.currency,
      itemOffered: {
        '@type': 'Service',
        name: s.title,
        url: `${origin}${localizedPath(words.locale, `/service/${s.id}`)}`,
      },
    }));
  }
  return { title: words.title, description, canonical, image, type: 'profile', jsonLd };
}

/** The page's tags for <head> (the title is written separately), escaped for HTML. */
export function headTagsHtml(head: HeadTags): string {
  const e = escapeHtml;
  const image = head.preloadImage;
  return [
    image
      ? `<link rel="preload" as="image" fetchpriority="high" href="${e(image.src)}"${
          image.srcSet ? ` imagesrcset="${e(image.srcSet)}" imagesizes="${e(image.sizes ?? '100vw')}"` : ''
        } />`
      : '',
    `<meta name="description" content="${e(head.description)}" />`,
    `<link rel="canonical" href="${e(head.canonical)}" />`,
    head.noindex ? '<meta name="robots" content="noindex" />' : '',
    `<meta property="og:site_name" content="Locora" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:title" content="${e(head.title)}" />`,
    `<meta property="og:description" content="${e(head.description)}" />`,
    `<meta property="og:url" content="${e(head.canonical)}" />`,
    head.image ? `<meta property="og:image" content="${e(head.image)}" />` : '',
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${e(head.title)}" />`,
    `<meta name="twitter:description" content="${e(head.description)}" />`,
    head.image ? `<meta name="twitter:image" content="${e(head.image)}" />` : '',
    `<script type="application/ld+json">${safeJsonForHtml(head.jsonLd)}</script>`,
  ]
    .filter(Boolean)
    .join('\n    ');
}
