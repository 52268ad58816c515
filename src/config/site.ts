/**
 * Site-wide configuration that editors and partners change: the brand, the footer's link
 * groups, social links and the error page's footer. Environment-specific values (database,
 * ports) live in src/server/config.ts instead.
 */
export const BRAND = {
  name: 'Roamly',
  foundedYear: 2012,
} as const;

/** SPEC §2: the error page shows a minimal or full footer by configuration. */
export const ERROR_PAGE_FOOTER: 'minimal' | 'full' = import.meta.env.PUBLIC_ERROR_FOOTER === 'minimal' ? 'minimal' : 'full';

/**
 * SPEC §3 footer config: link groups by country (the group title is the country's name in the
 * reader's language, from Intl.DisplayNames) with the places each group links to.
 */
export const FOOTER_DESTINATIONS: { countryCode: string; placeSlugs: string[] }[] = [
  { countryCode: 'TH', placeSlugs: ['bangkok', 'chiang-mai', 'phuket', 'koh-samui', 'krabi', 'pattaya'] },
  { countryCode: 'VN', placeSlugs: ['hanoi', 'ho-chi-minh-city', 'da-nang', 'hoi-an'] },
  { countryCode: 'KH', placeSlugs: ['phnom-penh', 'siem-reap', 'sihanoukville'] },
  { countryCode: 'LA', placeSlugs: ['vientiane', 'luang-prabang', 'vang-vieng'] },
  { countryCode: 'MY', placeSlugs: ['kuala-lumpur', 'george-town', 'langkawi'] },
  { countryCode: 'SG', placeSlugs: ['singapore-city'] },
  { countryCode: 'ID', placeSlugs: ['jakarta', 'yogyakarta', 'kuta'] },
];

export const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'YouTube', href: 'https://www.youtube.com/' },
] as const;

/**
 * SPEC §1: the accommodation switch opens this hotel affiliate for the destination and dates.
 * {destination}, {checkin} and {checkout} are filled in (URL-encoded); partners set their own.
 */
export const HOTEL_AFFILIATE_URL: string =
  import.meta.env.PUBLIC_HOTEL_AFFILIATE_URL ||
  'https://www.booking.com/searchresults.html?ss={destination}&checkin={checkin}&checkout={checkout}&aid=roamly';
