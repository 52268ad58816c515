/**
 * Puts a partner's look and words on a page the build rendered for the main site (issue 25):
 * pre-rendered pages cannot vary by host, so on a partner's host the server answers them through
 * this function (and keeps the result, pageCache.ts). Pages rendered on request get the partner's
 * words from `Astro.locals` already; they pass through here too, for the header and the theme.
 *
 * It edits only markup our own components write, found by their data attributes:
 * - `<html …>` gets `data-theme` (the nine themes of src/styles/global.css) and, when the partner
 *   names routes to record (its trackers), `data-recorded-routes` for the analytics collector;
 * - the header logo box (`data-brand-logo`, HeaderLogo.astro) is rendered again from headerBrand();
 * - the back button's `data-hide` follows hideBackButton;
 * - `<title>` and og:site_name name the partner instead of the site;
 * - each overridden message that has no placeholder is replaced where it is a whole text node or
 *   a whole attribute value (a text shared by two keys changes in both: overrides are per text).
 */
import { headerBrand, type WhiteLabelConfig } from '../../domain/branding.ts';
import { replaceBrackets } from '../../i18n/placeholders.ts';
import { overridesFor, type Partner } from './partner.ts';

/** As Astro escapes text and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function partnerWhiteLabel(partner: Pick<Partner, 'logo' | 'title' | 'disableLogoUrl'>): WhiteLabelConfig {
  return { logo: partner.logo ?? undefined, title: partner.title, disableLogoUrl: partner.disableLogoUrl };
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match?.[1];
}

const unescapeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The header logo box as HeaderLogo.astro renders it, for the partner's brand. */
function logoBox(openingTag: string, partner: Partner, siteName: string): string {
  const lang = attribute(openingTag, 'data-lang') ?? 'en';
  const label = unescapeAttribute(attribute(openingTag, 'data-label') ?? '[name]');
  const config = partnerWhiteLabel(partner);
  const brand = headerBrand(config, null, { lang, defaultName: siteName });
  const tag = brand.href ? 'a' : 'span';
  const attributes = [
    `class="site-header__logo"`,
    brand.href ? `href="${escapeHtml(brand.href)}" aria-label="${escapeHtml(replaceBrackets(label, { name: brand.name }))}"` : '',
    'data-brand-logo',
    `data-lang="${escapeHtml(lang)}"`,
    `data-default-name="${escapeHtml(siteName)}"`,
    `data-config="${escapeHtml(JSON.stringify(config))}"`,
    `data-label="${escapeHtml(label)}"`,
    `data-brand-source="${brand.source}"`,
  ]
    .filter(Boolean)
    .join(' ');
  const mark = brand.logoSrc
    ? `<img class="site-header__image" src="${escapeHtml(brand.logoSrc)}" alt="${brand.showName ? '' : escapeHtml(brand.name)}" height="32">`
    : '<svg class="site-header__mark" aria-hidden="true" width="28" height="28" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="currentColor"></circle><path d="M8 20 16 8l8 12H8Z" fill="#fff"></path></svg>';
  return `<${tag} ${attributes}>${mark}<span class="site-header__name"${brand.showName ? '' : ' hidden'}>${escapeHtml(brand.name)}</span></${tag}>`;
}

export interface BrandOptions {
  partner: Partner;
  /** The page's locale code (the overrides are per locale). */
  localeCode: string;
  /** The locale's own messages: what the build wrote for each key. */
  messages: Readonly<Record<string, string>>;
  siteName: string;
}

export function brandHtml(html: string, { partner, localeCode, messages, siteName }: BrandOptions): string {
  let out = html.replace(/<html\b([^>]*)>/i, (_, attrs: string) => {
    const rest = attrs.replace(/\s(?:data-theme|data-recorded-routes)="[^"]*"/g, '');
    const theme = partner.theme === 'default' ? '' : ` data-theme="${partner.theme}"`;
    // The routes this partner records every session of (its trackers); the analytics collector reads them.
    const recorded = partner.trackers.length ? ` data-recorded-routes="${escapeHtml(partner.trackers.join(' '))}"` : '';
    return `<html${rest}${theme}${recorded}>`;
  });
  out = out.replace(/<a\b(?=[^>]*\sdata-brand-logo\b)[^>]*>[\s\S]*?<\/a>/, (box) =>
    logoBox(/^<a\b[^>]*>/.exec(box)?.[0] ?? '', partner, siteName),
  );
  if (partner.hideBackButton) out = out.replace(/(<a\b[^>]*\sdata-back-button\b[^>]*\sdata-hide=")false"/, '$1true"');
  const site = escapeRegExp(escapeHtml(siteName));
  out = out.replace(new RegExp(`(<title>[^<]*?)(?:\\| )?${site}</title>`), (_, before: string) =>
    before.trim() === '' ? `<title>${escapeHtml(partner.title)}</title>` : `${before}| ${escapeHtml(partner.title)}</title>`,
  );
  out = out.replace(new RegExp(`(<meta property="og:site_name" content=")${site}"`), `$1${escapeHtml(partner.title)}"`);
  for (const [key, text] of Object.entries(overridesFor(partner, localeCode))) {
    const original = messages[key];
    // A message with placeholders was filled in differently on every page: it cannot be found as text.
    if (!original || /[[{]/.test(original) || original === text) continue;
    const escaped = escapeRegExp(escapeHtml(original));
    out = out
      .replace(new RegExp(`(>\\s*)${escaped}(\\s*<)`, 'g'), (_, open: string, close: string) => `${open}${escapeHtml(text)}${close}`)
      .replace(
        new RegExp(`(\\s(?:aria-label|title|placeholder|alt|content)=")${escaped}"`, 'g'),
        (_, open: string) => `${open}${escapeHtml(text)}"`,
      );
  }
  return out;
}
