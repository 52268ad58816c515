/**
 * SPEC §3 footer config: link groups, each with its `subtitle` and links `{ title, url }`, and the
 * destination countries, each with `region_name` (the world region, e.g. Southeast Asia),
 * `country_name`, `country_url` (the country's page, /{lang}/travel/{countrySlug}) and its places.
 * Pure: the footer renders it (src/components/Footer.astro), names come in from the caller.
 */
import type { MessageKey } from '../i18n/messageKeys.ts';
import type { Translate } from '../i18n/translate.ts';

export interface FooterLink {
  title: string;
  url: string;
}

export interface FooterLinkGroup {
  /** The group's heading ("Help", "Company"…). */
  subtitle: string;
  links: FooterLink[];
}

export interface FooterCountry {
  region_name: string;
  country_name: string;
  /** The country's page; null when the country has no page (no slug known). */
  country_url: string | null;
  places: FooterLink[];
}

export interface FooterConfig {
  links: FooterLinkGroup[];
  countries: FooterCountry[];
}

/** The help, company and legal groups (the account, language and currency links depend on the visitor). */
export function footerLinkGroups(lang: string, t: Translate): FooterLinkGroup[] {
  const link = (key: MessageKey, path: string): FooterLink => ({ title: t(key), url: `/${lang}${path}` });
  return [
    {
      subtitle: t('footer.help'),
      links: [
        link('footer.helpCentre', '/support'),
        link('footer.faq', '/faq'),
        link('footer.paymentAndRefund', '/support/payment-and-refund'),
        link('footer.contactSupport', '/support/help'),
      ],
    },
    {
      subtitle: t('footer.company'),
      links: [
        link('footer.about', '/about'),
        link('footer.travelGuides', '/travel-guides'),
        link('footer.transportOptions', '/transport-options'),
        link('footer.operators', '/operator'),
        link('footer.railPasses', '/railpass'),
      ],
    },
    {
      subtitle: t('footer.legal'),
      links: [
        link('footer.terms', '/support/terms'),
        link('footer.privacy', '/support/privacy-policy'),
        link('footer.cancellationPolicy', '/support/cancellation-policy'),
      ],
    },
  ];
}

export interface DestinationGroup {
  countryCode: string;
  places: { slug: string; name: string }[];
}

/**
 * The destination countries: a country without a place to link is left out; its link goes to the
 * country page when its slug is known. `regionOf` names the country's world region.
 */
export function footerCountries(
  lang: string,
  groups: readonly DestinationGroup[],
  names: { country: (code: string) => string; regionOf: (code: string) => string },
  countrySlugs: ReadonlyMap<string, string>,
): FooterCountry[] {
  return groups
    .filter((g) => g.places.length > 0)
    .map((g) => {
      const slug = countrySlugs.get(g.countryCode);
      return {
        region_name: names.regionOf(g.countryCode),
        country_name: names.country(g.countryCode),
        country_url: slug ? `/${lang}/travel/${slug}` : null,
        places: g.places.map((p) => ({ title: p.name, url: `/${lang}/travel/${p.slug}` })),
      };
    });
}

/**
 * Whether the footer shows a country's name as a link to its page. Not for a city-state whose one
 * place bears the country's name (Singapore): two links of one name leading to two pages cannot be
 * told apart by a screen reader's link list, so the footer links the place and names the country.
 * The footer config keeps `country_url` for the apps either way.
 */
export function linksCountryHeading(country: FooterCountry): country is FooterCountry & { country_url: string } {
  return country.country_url !== null && !country.places.some((place) => place.title === country.country_name);
}
