import { alternatePaths, localizedPath } from '../../../shared/domain/locale-path.ts';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/domain/locales.ts';
import { escapeHtml } from '../../../shared/seo/head.ts';

/** The sitemap index: every language's sitemap, so search engines find them all from one address. */
export const SITEMAP_INDEX_PATH = '/sitemap.xml';

/** Where a language's sitemap is: /sitemap-en.xml for English, /sitemap-ja.xml for Japanese. */
export function sitemapPath(locale: Locale): string {
  return `/sitemap-${locale}.xml`;
}

/** The sitemap index at /sitemap.xml, naming each language's sitemap. */
export function sitemapIndexXml(origin: string, locales: readonly Locale[]): string {
  const items = locales
    .map((locale) => `  <sitemap><loc>${escapeHtml(origin + sitemapPath(locale))}</loc></sitemap>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`;
}

/**
 * One language's sitemap: each app path in `locale` (English at `/`, the others under their code),
 * with the same page in every language as `xhtml:link` alternates and English as `x-default`, as
 * each page's head names them (http/pages.ts).
 */
export function sitemapXml(
  origin: string,
  locale: Locale,
  pages: readonly { path: string; lastmod?: string }[],
): string {
  const items = pages
    .map((page) => {
      const alternates = [
        ...alternatePaths(page.path).map((a) => ({ hreflang: a.locale as string, href: a.path })),
        { hreflang: 'x-default', href: localizedPath(DEFAULT_LOCALE, page.path) },
      ]
        .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(origin + a.href)}"/>`)
        .join('');
      const loc = escapeHtml(origin + localizedPath(locale, page.path));
      return `  <url><loc>${loc}</loc>${page.lastmod ? `<lastmod>${page.lastmod}</lastmod>` : ''}${alternates}</url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${items}\n</urlset>\n`;
}
