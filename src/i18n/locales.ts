/**
 * The one locale table. Astro's i18n routing, the translations check, the date pickers,
 * the <html lang dir> attributes and the language selector are all derived from it.
 *
 * `segment` is what appears in the URL (/{segment}/…); `code` is the BCP 47 tag used for
 * translations, Intl and <html lang>. They differ for cn→zh-CN, zh→zh-TW, jp→ja, in→id,
 * ar→ar-ae (SPEC §3). `dateFnsLocale` names the export of `date-fns/locale`; Arabic's calendar
 * uses the generic Arabic locale. `weekStartsOn` follows SPEC §9: Monday everywhere except the
 * regions that start on Sunday (en-US, en-CA, fr-CA — regional variants, chosen at runtime
 * from the browser's region; see weekStartFor()).
 */
export interface LocaleEntry {
  segment: string;
  code: string;
  dir: 'ltr' | 'rtl';
  dateFnsLocale: string;
  /** 0 = Sunday, 1 = Monday */
  weekStartsOn: 0 | 1;
  /** the language's own name, for the language selector */
  name: string;
  /** the English name, for staff screens and docs */
  englishName: string;
}

export const LOCALES = [
  { segment: 'en', code: 'en', dir: 'ltr', dateFnsLocale: 'enGB', weekStartsOn: 1, name: 'English', englishName: 'English' },
  { segment: 'ar', code: 'ar-ae', dir: 'rtl', dateFnsLocale: 'ar', weekStartsOn: 1, name: 'العربية', englishName: 'Arabic' },
  {
    segment: 'cn',
    code: 'zh-CN',
    dir: 'ltr',
    dateFnsLocale: 'zhCN',
    weekStartsOn: 1,
    name: '简体中文',
    englishName: 'Chinese (Simplified)',
  },
  { segment: 'de', code: 'de', dir: 'ltr', dateFnsLocale: 'de', weekStartsOn: 1, name: 'Deutsch', englishName: 'German' },
  { segment: 'el', code: 'el', dir: 'ltr', dateFnsLocale: 'el', weekStartsOn: 1, name: 'Ελληνικά', englishName: 'Greek' },
  { segment: 'es', code: 'es', dir: 'ltr', dateFnsLocale: 'es', weekStartsOn: 1, name: 'Español', englishName: 'Spanish' },
  { segment: 'fa', code: 'fa', dir: 'rtl', dateFnsLocale: 'faIR', weekStartsOn: 1, name: 'فارسی', englishName: 'Persian' },
  { segment: 'fr', code: 'fr', dir: 'ltr', dateFnsLocale: 'fr', weekStartsOn: 1, name: 'Français', englishName: 'French' },
  { segment: 'hr', code: 'hr', dir: 'ltr', dateFnsLocale: 'hr', weekStartsOn: 1, name: 'Hrvatski', englishName: 'Croatian' },
  { segment: 'in', code: 'id', dir: 'ltr', dateFnsLocale: 'id', weekStartsOn: 1, name: 'Bahasa Indonesia', englishName: 'Indonesian' },
  { segment: 'it', code: 'it', dir: 'ltr', dateFnsLocale: 'it', weekStartsOn: 1, name: 'Italiano', englishName: 'Italian' },
  { segment: 'jp', code: 'ja', dir: 'ltr', dateFnsLocale: 'ja', weekStartsOn: 1, name: '日本語', englishName: 'Japanese' },
  { segment: 'ko', code: 'ko', dir: 'ltr', dateFnsLocale: 'ko', weekStartsOn: 1, name: '한국어', englishName: 'Korean' },
  { segment: 'ms', code: 'ms', dir: 'ltr', dateFnsLocale: 'ms', weekStartsOn: 1, name: 'Bahasa Melayu', englishName: 'Malay' },
  { segment: 'nl', code: 'nl', dir: 'ltr', dateFnsLocale: 'nl', weekStartsOn: 1, name: 'Nederlands', englishName: 'Dutch' },
  { segment: 'pl', code: 'pl', dir: 'ltr', dateFnsLocale: 'pl', weekStartsOn: 1, name: 'Polski', englishName: 'Polish' },
  { segment: 'pt', code: 'pt', dir: 'ltr', dateFnsLocale: 'pt', weekStartsOn: 1, name: 'Português', englishName: 'Portuguese' },
  { segment: 'ru', code: 'ru', dir: 'ltr', dateFnsLocale: 'ru', weekStartsOn: 1, name: 'Русский', englishName: 'Russian' },
  { segment: 'sv', code: 'sv', dir: 'ltr', dateFnsLocale: 'sv', weekStartsOn: 1, name: 'Svenska', englishName: 'Swedish' },
  { segment: 'th', code: 'th', dir: 'ltr', dateFnsLocale: 'th', weekStartsOn: 1, name: 'ไทย', englishName: 'Thai' },
  { segment: 'tr', code: 'tr', dir: 'ltr', dateFnsLocale: 'tr', weekStartsOn: 1, name: 'Türkçe', englishName: 'Turkish' },
  { segment: 'uk', code: 'uk', dir: 'ltr', dateFnsLocale: 'uk', weekStartsOn: 1, name: 'Українська', englishName: 'Ukrainian' },
  { segment: 'vi', code: 'vi', dir: 'ltr', dateFnsLocale: 'vi', weekStartsOn: 1, name: 'Tiếng Việt', englishName: 'Vietnamese' },
  {
    segment: 'zh',
    code: 'zh-TW',
    dir: 'ltr',
    dateFnsLocale: 'zhTW',
    weekStartsOn: 1,
    name: '繁體中文',
    englishName: 'Chinese (Traditional)',
  },
] as const satisfies readonly LocaleEntry[];

export type Locale = (typeof LOCALES)[number];
export type LocaleSegment = Locale['segment'];
export type LocaleCode = Locale['code'];

export const DEFAULT_SEGMENT: LocaleSegment = 'en';
export const SEGMENTS: readonly LocaleSegment[] = LOCALES.map((l) => l.segment);
export const LOCALE_CODES: readonly LocaleCode[] = LOCALES.map((l) => l.code);

const bySegment = new Map<string, Locale>(LOCALES.map((l) => [l.segment, l]));
const byCode = new Map<string, Locale>(LOCALES.map((l) => [l.code.toLowerCase(), l]));

export function isSegment(value: string): value is LocaleSegment {
  return bySegment.has(value);
}

export function localeBySegment(segment: LocaleSegment): Locale {
  // Every LocaleSegment is in the table by construction.
  return bySegment.get(segment) ?? LOCALES[0];
}

export function localeByCode(code: string): Locale | undefined {
  return byCode.get(code.toLowerCase());
}

/**
 * SPEC §5 language resolution: `api` becomes en, a value longer than two characters is cut to
 * two, anything unsupported falls back to en.
 */
export function resolveSegment(raw: string | undefined | null): LocaleSegment {
  if (!raw) return DEFAULT_SEGMENT;
  const lower = raw.toLowerCase();
  if (lower === 'api') return DEFAULT_SEGMENT;
  const cut = lower.length > 2 ? lower.slice(0, 2) : lower;
  return isSegment(cut) ? cut : DEFAULT_SEGMENT;
}

/**
 * The language of a request path. Pages carry it first (/{lang}/…); API calls carry it after
 * the API prefix (/api/nuxt/{lang}/…, SPEC §7), where the first segment `api` alone means en.
 */
export function segmentForPath(pathname: string): LocaleSegment {
  const parts = pathname.split('/');
  if (parts[1] === 'api' && parts[2] === 'nuxt') return resolveSegment(parts[3]);
  return resolveSegment(parts[1]);
}

/** Regions whose weeks start on Sunday (SPEC §9). */
const SUNDAY_START_REGIONS = new Set(['en-us', 'en-ca', 'fr-ca']);

/**
 * Week start for a locale, refined by the visitor's regional tag when known (navigator.language
 * on the client, Accept-Language on the server): en-US, en-CA and fr-CA start on Sunday.
 */
export function weekStartFor(locale: Locale, regionalTag?: string): 0 | 1 {
  if (regionalTag && SUNDAY_START_REGIONS.has(regionalTag.toLowerCase())) {
    const language = regionalTag.slice(0, 2).toLowerCase();
    if (locale.code.slice(0, 2) === language) return 0;
  }
  return locale.weekStartsOn;
}

/**
 * Picks the best site locale for an Accept-Language header (for the `/` redirect):
 * exact code first (zh-TW), then the bare language (zh → zh-CN is ambiguous, so the first
 * matching entry wins), else en.
 */
export function segmentFromAcceptLanguage(header: string | null | undefined): LocaleSegment {
  if (!header) return DEFAULT_SEGMENT;
  const tags = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((t) => t.tag && t.tag !== '*')
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    const exact = localeByCode(tag);
    if (exact) return exact.segment;
    const language = tag.slice(0, 2).toLowerCase();
    const loose = LOCALES.find((l) => l.code.slice(0, 2).toLowerCase() === language);
    if (loose) return loose.segment;
  }
  return DEFAULT_SEGMENT;
}
