/**
 * Sitemaps for the pre-rendered pages: per locale, numbered files `sitemap-{segment}-{n}.xml`,
 * each within the protocol's limits (50,000 URLs and 50 MB uncompressed), and an index that
 * lists them all. Every URL carries its hreflang alternates (the same path in each other built
 * locale), which makes an entry ~3 KB with 24 locales, so the byte limit binds first (~16,000
 * URLs a file). With the trip pages a locale has ~6,000 URLs today, one file each; the split is
 * there so the network can grow without a crawler rejecting a file.
 */

export interface SitemapLimits {
  maxUrls: number;
  /** Uncompressed size in bytes (UTF-8). */
  maxBytes: number;
}

/** sitemaps.org: "no more than 50,000 URLs and must be no larger than 50MB (52,428,800 bytes)". */
export const SITEMAP_LIMITS: SitemapLimits = { maxUrls: 50_000, maxBytes: 52_428_800 };

export interface SitemapFile {
  /** `sitemap-{segment}-{n}.xml`, n from 1 */
  name: string;
  xml: string;
  urls: number;
}

export interface Sitemaps {
  index: string;
  /** file name → XML, in index order */
  files: Map<string, string>;
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
const URLSET_CLOSE = '</urlset>\n';

/** UTF-8 byte length without encoding the string (paths may hold non-ASCII slugs). */
export function utf8Length(s: string): number {
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      // A surrogate pair is one 4-byte code point.
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** "/en/faq/" or "en/faq" → "/en/faq" (the site uses no trailing slash). */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}` : '/';
}

/**
 * The sitemap files for the built pages, one at a time (a full build's files weigh ~400 MB in
 * all; the caller writes each and lets it go). Locales in table order, paths sorted, so the
 * split is the same for the same pages.
 */
export function* sitemapFiles(
  pathnames: readonly string[],
  site: URL,
  locales: readonly { segment: string; code: string }[],
  lastmod: string,
  limits: SitemapLimits = SITEMAP_LIMITS,
): Generator<SitemapFile> {
  const segments = new Set(locales.map((l) => l.segment));
  const byLocale = new Map<string, Set<string>>();
  const all = new Set<string>();
  for (const raw of pathnames) {
    const path = normalizePath(raw);
    const segment = path.split('/')[1] ?? '';
    if (!segments.has(segment)) continue;
    all.add(path);
    const list = byLocale.get(segment) ?? new Set<string>();
    list.add(path);
    byLocale.set(segment, list);
  }
  // The alternates of a page are the same for its copy in every locale: built once per path
  // after the locale segment (6,000 in a full build instead of 146,000 lists of 24 links).
  const alternatesByRest = new Map<string, { xml: string; bytes: number }>();
  const alternatesOf = (rest: string) => {
    let links = alternatesByRest.get(rest);
    if (links === undefined) {
      const xml = locales
        .filter((l) => all.has(`/${l.segment}${rest}`))
        .map((l) => `<xhtml:link rel="alternate" hreflang="${l.code}" href="${xmlEscape(new URL(`/${l.segment}${rest}`, site).href)}"/>`)
        .join('')
        // The language-neutral address chooses the visitor's language (as the pages' own head says).
        .concat(`<xhtml:link rel="alternate" hreflang="x-default" href="${xmlEscape(new URL(rest || '/', site).href)}"/>`);
      alternatesByRest.set(rest, (links = { xml, bytes: utf8Length(xml) }));
    }
    return links;
  };
  const frame = utf8Length(URLSET_OPEN) + utf8Length(URLSET_CLOSE);
  for (const { segment } of locales) {
    const paths = byLocale.get(segment);
    if (!paths) continue;
    let n = 0;
    let entries: string[] = [];
    let bytes = frame;
    const file = (): SitemapFile => ({
      name: `sitemap-${segment}-${++n}.xml`,
      xml: `${URLSET_OPEN}${entries.join('')}${URLSET_CLOSE}`,
      urls: entries.length,
    });
    for (const path of [...paths].sort()) {
      const rest = path.slice(segment.length + 1);
      const alternates = alternatesOf(rest);
      const head = `<url><loc>${xmlEscape(new URL(path, site).href)}</loc><lastmod>${lastmod}</lastmod>`;
      const entry = `${head}${alternates.xml}</url>\n`;
      const size = utf8Length(head) + alternates.bytes + '</url>\n'.length;
      if (entries.length > 0 && (entries.length >= limits.maxUrls || bytes + size > limits.maxBytes)) {
        yield file();
        entries = [];
        bytes = frame;
      }
      entries.push(entry);
      bytes += size;
    }
    if (entries.length > 0) yield file();
  }
}

/** The sitemap index listing the given files, in the order given. */
export function sitemapIndex(names: readonly string[], site: URL, lastmod: string): string {
  const entries = names.map(
    (name) => `<sitemap><loc>${xmlEscape(new URL(`/${name}`, site).href)}</loc><lastmod>${lastmod}</lastmod></sitemap>\n`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</sitemapindex>\n`;
}

/** Every file and the index at once (tests; the integration streams sitemapFiles). */
export function buildSitemaps(
  pathnames: readonly string[],
  site: URL,
  locales: readonly { segment: string; code: string }[],
  lastmod: string,
  limits: SitemapLimits = SITEMAP_LIMITS,
): Sitemaps {
  const files = new Map<string, string>();
  for (const f of sitemapFiles(pathnames, site, locales, lastmod, limits)) files.set(f.name, f.xml);
  return { index: sitemapIndex([...files.keys()], site, lastmod), files };
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
