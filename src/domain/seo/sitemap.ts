/**
 * Sitemaps for the pre-rendered pages: one sitemap per locale (so no file nears the 50,000-URL
 * limit even with 12,000 station pages per language) and an index that lists them. Every URL
 * carries its hreflang alternates: the same path in each other built locale.
 */

export interface Sitemaps {
  index: string;
  /** file name → XML */
  files: Map<string, string>;
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** "/en/faq/" or "en/faq" → "/en/faq" (the site uses no trailing slash). */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}` : '/';
}

export function buildSitemaps(
  pathnames: readonly string[],
  site: URL,
  locales: readonly { segment: string; code: string }[],
  lastmod: string,
): Sitemaps {
  const segments = new Map(locales.map((l) => [l.segment, l.code]));
  const byLocale = new Map<string, string[]>();
  const all = new Set<string>();
  for (const raw of pathnames) {
    const path = normalizePath(raw);
    const segment = path.split('/')[1] ?? '';
    if (!segments.has(segment)) continue;
    all.add(path);
    const list = byLocale.get(segment) ?? [];
    list.push(path);
    byLocale.set(segment, list);
  }
  const files = new Map<string, string>();
  for (const [segment, paths] of byLocale) {
    const urls = [...paths].sort().map((path) => {
      const rest = path.slice(segment.length + 1);
      const alternates = locales
        .filter((l) => all.has(`/${l.segment}${rest}`))
        .map((l) => `<xhtml:link rel="alternate" hreflang="${l.code}" href="${xmlEscape(new URL(`/${l.segment}${rest}`, site).href)}"/>`)
        .join('');
      return `<url><loc>${xmlEscape(new URL(path, site).href)}</loc><lastmod>${lastmod}</lastmod>${alternates}</url>`;
    });
    files.set(
      `sitemap-${segment}.xml`,
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`,
    );
  }
  const entries = [...files.keys()]
    .sort()
    .map((name) => `<sitemap><loc>${xmlEscape(new URL(`/${name}`, site).href)}</loc><lastmod>${lastmod}</lastmod></sitemap>`);
  const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
  return { index, files };
}

/** robots.txt with exactly one Sitemap line pointing at the index. */
export function robotsWithSitemap(robots: string, site: URL): string {
  const kept = robots
    .split('\n')
    .filter((line) => !/^sitemap:/i.test(line.trim()))
    .join('\n')
    .trimEnd();
  return `${kept}\n\nSitemap: ${new URL('/sitemap-index.xml', site).href}\n`;
}
