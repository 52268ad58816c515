/**
 * The rail pass catalogue the seed writes (src/server/railpass/seed/seedRailpasses.ts): passes
 * travellers to and from South-East Asia buy for their next trip, with the issuers' published
 * fare structure (fares in the issuer's currency, minor units: JPY and KRW have none, TWD, EUR,
 * CHF and GBP have cents), age rules, validity, how long ahead a start date may be chosen, the
 * residence rule, the refund rule and how the voucher becomes a pass. Ids are fixed: cart lines
 * and bookings name a pass by id, so a reseed must give every pass the id it had.
 */
import { PASS_SUMMARIES, PHOTO_ALTS, PHOTO_CAPTIONS, type PassSummaryKey, type PhotoCaptionKey } from './passTexts.ts';
import type { PassengerKindRule, PassOperator, PassPhoto, PassRegion, RailpassRecord } from '../../../domain/railpass/types.ts';

type SeedPass = Omit<RailpassRecord, 'rating' | 'reviewCount'>;

const OP = {
  jrGroup: { id: 1, key: 'jr-group', name: 'Japan Railways Group' },
  jrWest: { id: 2, key: 'jr-west', name: 'JR West' },
  jrHokkaido: { id: 3, key: 'jr-hokkaido', name: 'JR Hokkaido' },
  jrEast: { id: 4, key: 'jr-east', name: 'JR East' },
  korail: { id: 5, key: 'korail', name: 'Korail' },
  thsr: { id: 6, key: 'thsr', name: 'Taiwan High Speed Rail' },
  eurail: { id: 7, key: 'eurail', name: 'Eurail' },
  sts: { id: 8, key: 'swiss-travel-system', name: 'Swiss Travel System' },
  britrail: { id: 9, key: 'britrail', name: 'BritRail' },
} satisfies Record<string, PassOperator>;

const region = (key: string, en: string, local: Record<string, string> = {}): PassRegion => ({ key, name: { en, ...local } });

const R = {
  honshu: region('honshu', 'Honshu', { ja: '本州' }),
  kyushu: region('kyushu', 'Kyushu', { ja: '九州' }),
  shikoku: region('shikoku', 'Shikoku', { ja: '四国' }),
  hokkaido: region('hokkaido', 'Hokkaido', { ja: '北海道' }),
  kansai: region('kansai', 'Kansai', { ja: '関西' }),
  kanto: region('kanto', 'Kanto', { ja: '関東' }),
  tohoku: region('tohoku', 'Tohoku', { ja: '東北' }),
  capital: region('seoul-capital-area', 'Seoul Capital Area', { ko: '수도권' }),
  gyeongsang: region('gyeongsang', 'Gyeongsang', { ko: '경상도' }),
  jeolla: region('jeolla', 'Jeolla', { ko: '전라도' }),
  gangwon: region('gangwon', 'Gangwon', { ko: '강원도' }),
  westernTaiwan: region('western-taiwan', 'Western Taiwan corridor', { 'zh-TW': '西部走廊' }),
  westernEurope: region('western-europe', 'Western Europe'),
  centralEurope: region('central-europe', 'Central Europe'),
  southernEurope: region('southern-europe', 'Southern Europe'),
  scandinavia: region('scandinavia', 'Scandinavia'),
  easternEurope: region('eastern-europe', 'Eastern Europe'),
  bernese: region('bernese-oberland', 'Bernese Oberland', { de: 'Berner Oberland' }),
  graubunden: region('graubunden', 'Graubünden', { de: 'Graubünden', fr: 'Grisons', it: 'Grigioni' }),
  lakeGeneva: region('lake-geneva', 'Lake Geneva', { fr: 'Lac Léman', de: 'Genfersee' }),
  centralSwitzerland: region('central-switzerland', 'Central Switzerland', { de: 'Zentralschweiz' }),
  england: region('england', 'England'),
  scotland: region('scotland', 'Scotland'),
  wales: region('wales', 'Wales'),
};

const kinds = {
  japan: [
    { key: 'child', minAge: 6, maxAge: 11 },
    { key: 'adult', minAge: 12, maxAge: null },
  ],
  korea: [
    { key: 'child', minAge: 6, maxAge: 12 },
    { key: 'youth', minAge: 13, maxAge: 27 },
    { key: 'adult', minAge: 28, maxAge: null },
  ],
  taiwan: [
    { key: 'child', minAge: 6, maxAge: 11 },
    { key: 'adult', minAge: 12, maxAge: null },
  ],
  europe: [
    { key: 'youth', minAge: 12, maxAge: 27 },
    { key: 'adult', minAge: 28, maxAge: 59 },
    { key: 'senior', minAge: 60, maxAge: null },
  ],
  swiss: [
    { key: 'youth', minAge: 16, maxAge: 24 },
    { key: 'adult', minAge: 25, maxAge: null },
  ],
  britain: [
    { key: 'youth', minAge: 16, maxAge: 25 },
    { key: 'adult', minAge: 26, maxAge: 59 },
    { key: 'senior', minAge: 60, maxAge: null },
  ],
} satisfies Record<string, PassengerKindRule[]>;

/** Countries of Eurail and Interrail (both cover the same 33). */
const EURAIL_COUNTRIES = [
  'AT',
  'BE',
  'BA',
  'BG',
  'HR',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GB',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'ME',
  'NL',
  'MK',
  'NO',
  'PL',
  'PT',
  'RO',
  'RS',
  'SK',
  'SI',
  'ES',
  'SE',
  'CH',
  'TR',
];
/** Residents of these buy Interrail; everyone else buys Eurail. */
const EUROPEAN_RESIDENCE = [...EURAIL_COUNTRIES, 'AL', 'AD', 'BY', 'CY', 'IS', 'LI', 'MT', 'MD', 'MC', 'RU', 'SM', 'UA', 'VA'];

/** A photo with its alt text and caption in every language (passTexts.ts). */
const photo = (key: PhotoCaptionKey, file: string, alt: string, caption: string): PassPhoto => ({
  file,
  alt: { ...PHOTO_ALTS[key], en: alt },
  caption: { ...PHOTO_CAPTIONS[key], en: caption },
});

/** A pass summary in English with its translations (passTexts.ts). */
const summaryOf = (key: PassSummaryKey, en: string) => ({ ...PASS_SUMMARIES[key], en });

const PHOTOS = {
  shinkansen: photo(
    'shinkansen',
    'shinkansen.svg',
    'A white Shinkansen with a blue stripe passing Mount Fuji',
    'Tokaido Shinkansen near Mount Fuji',
  ),
  kyoto: photo('kyoto', 'kyoto.svg', 'A red pagoda above a local train in autumn colours', 'Kyoto, on the JR line from Osaka'),
  hokkaido: photo(
    'hokkaido',
    'hokkaido.svg',
    'A limited express train crossing snowfields under a pale sky',
    'Winter on the Hakodate Main Line',
  ),
  tohoku: photo('tohoku', 'tohoku.svg', 'A green Hayabusa Shinkansen beside rice fields and mountains', 'Tohoku Shinkansen towards Aomori'),
  ktx: photo('ktx', 'ktx.svg', 'A KTX high-speed train with a city skyline behind it', 'KTX leaving Seoul Station'),
  korea: photo('korea', 'korea-coast.svg', 'A coastal railway running beside a blue sea and pine trees', 'The east coast line in Gangwon'),
  thsr: photo('thsr', 'thsr.svg', 'An orange and white THSR train on a viaduct over green fields', 'THSR between Taichung and Chiayi'),
  europe: photo(
    'europe',
    'europe.svg',
    'A red and grey intercity train crossing a stone viaduct by a river town',
    'Crossing the Rhine valley',
  ),
  alps: photo('alps', 'alps.svg', 'A red mountain train climbing past snowy peaks and a blue lake', 'The Bernina line above Lago Bianco'),
  britain: photo(
    'britain',
    'britain.svg',
    'An intercity train crossing a stone bridge over a sea inlet',
    'The East Coast Main Line at Berwick',
  ),
};

const JR_PASS_SUMMARY =
  'Unlimited travel on JR trains across Japan, including most Shinkansen (Nozomi and Mizuho need a supplement), JR buses and the JR ferry to Miyajima.';

function japanRailPass(id: number, days: 7 | 14 | 21, fares: { ordinary: number; green: number }, popularity: number): SeedPass {
  return {
    id,
    slug: `japan-rail-pass-${String(days)}-days`,
    mainPassId: days === 7 ? null : 101,
    countrySlug: 'japan',
    countryCodes: ['JP'],
    type: 'pass',
    names: { en: `Japan Rail Pass ${String(days)} days`, ja: `ジャパン・レール・パス ${String(days)}日間` },
    summary: summaryOf('jr', JR_PASS_SUMMARY),
    operators: [OP.jrGroup],
    regions: [R.honshu, R.kyushu, R.shikoku, R.hokkaido, R.kansai, R.kanto, R.tohoku],
    currency: 'JPY',
    classOptions: [
      { key: 'ordinary', name: { en: 'Ordinary', ja: '普通車' }, fares: { adult: fares.ordinary, child: fares.ordinary / 2 } },
      { key: 'green', name: { en: 'Green Car', ja: 'グリーン車' }, fares: { adult: fares.green, child: fares.green / 2 } },
    ],
    passengerKinds: kinds.japan,
    validity: { mode: 'consecutive', days },
    activationWindowDays: 90,
    residence: { except: ['JP'] },
    refund: { fullRefundDaysBefore: 1, lateRefundPct: 90 },
    activation: 'exchange',
    labels: days === 7 ? ['bestseller'] : days === 21 ? ['best-value'] : [],
    features: ['shinkansen', 'reserved-seats', 'nationwide', 'airport-transfer'],
    photos: [PHOTOS.shinkansen, PHOTOS.kyoto],
    dailyAllocation: 40,
    popularity,
  };
}

function kansaiAreaPass(id: number, days: 1 | 2 | 3 | 4, adult: number): SeedPass {
  return {
    id,
    slug: `kansai-area-pass-${String(days)}-${days === 1 ? 'day' : 'days'}`,
    mainPassId: days === 1 ? null : 111,
    countrySlug: 'japan',
    countryCodes: ['JP'],
    type: 'pass',
    names: { en: `Kansai Area Pass ${String(days)} ${days === 1 ? 'day' : 'days'}`, ja: `関西エリアパス ${String(days)}日間` },
    summary: summaryOf(
      'kansai',
      'JR West trains around Osaka, Kyoto, Kobe, Nara and Himeji, with non-reserved seats on the Haruka express to and from Kansai Airport.',
    ),
    operators: [OP.jrWest],
    regions: [R.kansai],
    currency: 'JPY',
    classOptions: [{ key: 'ordinary', name: { en: 'Ordinary', ja: '普通車' }, fares: { adult, child: adult / 2 } }],
    passengerKinds: kinds.japan,
    validity: { mode: 'consecutive', days },
    activationWindowDays: 90,
    residence: { except: ['JP'] },
    refund: { fullRefundDaysBefore: 1, lateRefundPct: 80 },
    activation: 'exchange',
    labels: days === 1 ? ['best-value'] : [],
    features: ['airport-transfer', 'discounts'],
    photos: [PHOTOS.kyoto],
    dailyAllocation: 60,
    popularity: 60 - days * 5,
  };
}

function koreaRailPass(
  id: number,
  slug: string,
  name: string,
  validity: RailpassRecord['validity'],
  fares: [number, number, number],
  popularity: number,
): SeedPass {
  const [adult, youth, child] = fares;
  return {
    id,
    slug,
    mainPassId: id === 201 ? null : 201,
    countrySlug: 'south-korea',
    countryCodes: ['KR'],
    type: 'pass',
    names: { en: name, ko: name.replace('Korea Rail Pass', '코레일패스') },
    summary: summaryOf(
      'korea',
      'Every Korail train, KTX high-speed included, with free seat reservations at station counters; airport railroad and subways are not included.',
    ),
    operators: [OP.korail],
    regions: [R.capital, R.gyeongsang, R.jeolla, R.gangwon],
    currency: 'KRW',
    classOptions: [{ key: 'standard', name: { en: 'Standard', ko: '일반실' }, fares: { adult, youth, child } }],
    passengerKinds: kinds.korea,
    validity,
    activationWindowDays: 30,
    residence: { except: ['KR'] },
    refund: { fullRefundDaysBefore: 1, lateRefundPct: 85 },
    activation: 'activate_online',
    labels: validity.mode === 'flexi' ? ['flexible'] : [],
    features: ['high-speed', 'reserved-seats', 'nationwide', 'e-ticket'],
    photos: [PHOTOS.ktx, PHOTOS.korea],
    dailyAllocation: 50,
    popularity,
  };
}

function eurailPass(
  id: number,
  brand: 'eurail' | 'interrail',
  validity: RailpassRecord['validity'],
  second: [number, number, number],
  first: [number, number, number],
  popularity: number,
): SeedPass {
  const label = validity.mode === 'flexi' ? `${String(validity.days)} days within 1 month` : `${String(validity.days)} days continuous`;
  const title = brand === 'eurail' ? 'Eurail Global Pass' : 'Interrail Global Pass';
  const fares = ([adult, youth, senior]: [number, number, number]) => ({ adult, youth, senior });
  return {
    id,
    slug: `${brand}-global-pass-${validity.mode === 'flexi' ? 'flexi-' : ''}${String(validity.days)}-days`,
    mainPassId: id === 401 || id === 411 ? null : brand === 'eurail' ? 401 : 411,
    countrySlug: 'europe',
    countryCodes: EURAIL_COUNTRIES,
    type: 'pass',
    names: { en: `${title}, ${label}` },
    summary:
      brand === 'eurail'
        ? summaryOf(
            'eurail',
            'Trains of 33 European countries on one pass for travellers living outside Europe; high-speed and night trains need a seat reservation.',
          )
        : summaryOf(
            'interrail',
            'Trains of 33 European countries on one pass for European residents, including one outbound and one inbound journey in your home country.',
          ),
    operators: [OP.eurail],
    regions: [R.westernEurope, R.centralEurope, R.southernEurope, R.scandinavia, R.easternEurope],
    currency: 'EUR',
    classOptions: [
      { key: 'second', name: { en: '2nd class' }, fares: fares(second) },
      { key: 'first', name: { en: '1st class' }, fares: fares(first) },
    ],
    passengerKinds: kinds.europe,
    validity,
    activationWindowDays: 330,
    residence: brand === 'eurail' ? { except: EUROPEAN_RESIDENCE } : { only: EUROPEAN_RESIDENCE },
    refund: { fullRefundDaysBefore: 1, lateRefundPct: 85 },
    activation: 'activate_online',
    labels: validity.mode === 'flexi' ? ['flexible'] : [],
    features: ['mobile-pass', 'high-speed', 'ferry-discounts', 'multi-country'],
    photos: [PHOTOS.europe, PHOTOS.alps],
    dailyAllocation: 80,
    popularity,
  };
}

function swissTravelPass(
  id: number,
  days: number,
  flexi: boolean,
  second: [number, number],
  first: [number, number],
  popularity: number,
): SeedPass {
  const fares = ([adult, youth]: [number, number]) => ({ adult, youth });
  return {
    id,
    slug: `swiss-travel-pass${flexi ? '-flex' : ''}-${String(days)}-days`,
    mainPassId: id === 501 ? null : 501,
    countrySlug: 'switzerland',
    countryCodes: ['CH', 'LI'],
    type: 'pass',
    names: {
      en: `Swiss Travel Pass${flexi ? ' Flex' : ''} ${String(days)} days`,
      de: `Swiss Travel Pass${flexi ? ' Flex' : ''} ${String(days)} Tage`,
    },
    summary: summaryOf(
      'swiss',
      'Trains, buses and lake boats all over Switzerland, city transport in 90 towns, free entry to over 500 museums and 50% off most mountain railways.',
    ),
    operators: [OP.sts],
    regions: [R.bernese, R.graubunden, R.lakeGeneva, R.centralSwitzerland],
    currency: 'CHF',
    classOptions: [
      { key: 'second', name: { en: '2nd class', de: '2. Klasse' }, fares: fares(second) },
      { key: 'first', name: { en: '1st class', de: '1. Klasse' }, fares: fares(first) },
    ],
    passengerKinds: kinds.swiss,
    validity: flexi ? { mode: 'flexi', days, withinDays: 30 } : { mode: 'consecutive', days },
    activationWindowDays: 180,
    residence: { except: ['CH', 'LI'] },
    refund: { fullRefundDaysBefore: 1, lateRefundPct: 85 },
    activation: 'first_use',
    labels: flexi ? ['flexible'] : days === 3 ? ['bestseller'] : [],
    features: ['boats-and-buses', 'museum-entry', 'mountain-excursions', 'mobile-pass'],
    photos: [PHOTOS.alps],
    dailyAllocation: 60,
    popularity,
  };
}

function britRailPass(
  id: number,
  days: number,
  flexi: boolean,
  standard: [number, number, number],
  first: [number, number, number],
  popularity: number,
): SeedPass {
  const fares = ([adult, youth, senior]: [number, number, number]) => ({ adult, youth, senior });
  const label = flexi ? `Flexipass ${String(days)} days in 1 month` : `Consecutive ${String(days)} days`;
  return {
    id,
    slug: `britrail-gb-pass-${flexi ? 'flexi-' : ''}${String(days)}-days`,
    mainPassId: id === 601 ? null : 601,
    countrySlug: 'united-kingdom',
    countryCodes: ['GB'],
    type: 'pass',
    names: { en: `BritRail GB Pass, ${label}` },
    summary: summaryOf(
      'britrail',
      'Every train operator in England, Scotland and Wales, the Caledonian Sleeper seated and the Heathrow and Gatwick expresses included.',
    ),
    operators: [OP.britrail],
    regions: [R.england, R.scotland, R.wales],
    currency: 'GBP',
    classOptions: [
      { key: 'standard', name: { en: 'Standard Class' }, fares: fares(standard) },
      { key: 'first', name: { en: 'First Class' }, fares: fares(first) },
    ],
    passengerKinds: kinds.britain,
    validity: flexi ? { mode: 'flexi', days, withinDays: 30 } : { mode: 'consecutive', days },
    activationWindowDays: 330,
    residence: { except: ['GB'] },
    refund: { fullRefundDaysBefore: 1, lateRefundPct: 85 },
    activation: 'first_use',
    labels: flexi ? ['flexible'] : [],
    features: ['airport-transfer', 'nationwide', 'mobile-pass'],
    photos: [PHOTOS.britain],
    dailyAllocation: 50,
    popularity,
  };
}

const cents = (major: number) => Math.round(major * 100);
const c3 = (a: number, b: number, c: number): [number, number, number] => [cents(a), cents(b), cents(c)];

export const RAILPASS_CATALOGUE: readonly SeedPass[] = [
  japanRailPass(101, 7, { ordinary: 50_000, green: 70_000 }, 100),
  japanRailPass(102, 14, { ordinary: 80_000, green: 110_000 }, 80),
  japanRailPass(103, 21, { ordinary: 100_000, green: 140_000 }, 60),
  kansaiAreaPass(111, 1, 2_800),
  kansaiAreaPass(112, 2, 4_800),
  kansaiAreaPass(113, 3, 5_800),
  kansaiAreaPass(114, 4, 7_000),
  {
    id: 121,
    slug: 'kansai-wide-area-pass-5-days',
    mainPassId: null,
    countrySlug: 'japan',
    countryCodes: ['JP'],
    type: 'pass',
    names: { en: 'Kansai Wide Area Pass 5 days', ja: '関西ワイドエリアパス 5日間' },
    summary: summaryOf(
      'kansaiWide',
      'Five days of JR West trains from Kyoto and Osaka to Okayama, Kinosaki Onsen and Shirahama, with the Sanyo Shinkansen between Shin-Osaka and Okayama.',
    ),
    operators: [OP.jrWest],
    regions: [R.kansai, R.honshu],
    currency: 'JPY',
    classOptions: [{ key: 'ordinary', name: { en: 'Ordinary', ja: '普通車' }, fares: { adult: 12_000, child: 6_000 } }],
    passengerKinds: kinds.japan,
    validity: { mode: 'consecutive', days: 5 },
    activationWindowDays: 90,
    residence: { except: ['JP'] },
    refund: { fullRefundDaysBefore: 1, lateRefundPct: 80 },
    activation: 'exchange',
    labels: [],
    features: ['shinkansen', 'reserved-seats', 'airport-transfer'],
    photos: [PHOTOS.kyoto, PHOTOS.shinkansen],
    dailyAllocation: 40,
    popularity: 45,
  },
  {
    id: 131,
    slug: 'hokkaido-rail-pass-5-days',
    mainPassId: null,
    countrySlug: 'japan',
    countryCodes: ['JP'],
    type: 'pass',
    names: { en: 'Hokkaido Rail Pass 5 days', ja: '北海道レールパス 5日間' },
    summary: summaryOf(
      'hokkaido5',
      'All JR Hokkaido trains, limited expresses included, from Sapporo to Hakodate, Asahikawa, Furano, Abashiri and Kushiro.',
    ),
    operators: [OP.jrHokkaido],
    regions: [R.hokkaido],
    currency: 'JPY',
    classOptions: [{ key: 'ordinary', name: { en: 'Ordinary', ja: '普通車' }, fares: { adult: 21_000, child: 10_500 } }],
    passengerKinds: kinds.japan,
    validity: { mode: 'consecutive', days: 5 },
    activationWindowDays: 90,
    residence: { except: ['JP'] },
    refund: { fullRefundDaysBefore: 1, lateRefundPct: 80 },
    activation: 'exchange',
    labels: [],
    features: ['reserved-seats', 'airport-transfer'],
    photos: [PHOTOS.hokkaido],
    dailyAllocation: 30,
    popularity: 40,
  },
  {
    id: 132,
    slug: 'hokkaido-rail-pass-7-days',
    mainPassId: 131,
    countrySlug: 'japan',
    countryCodes: ['JP'],
    type: 'pass',
    names: { en: 'Hokkaido Rail Pass 7 days', ja: '北海道レールパス 7日間' },
    summary: summaryOf(
      'hokkaido7',
      'A week of JR Hokkaido trains, limited expresses included, from Sapporo to Hakodate, Asahikawa, Furano, Abashiri and Kushiro.',
    ),
    operators: [OP.jrHokkaido],
    regions: [R.hokkaido],
    currency: 'JPY',
    classOptions: [{ key: 'ordinary', name: { en: 'Ordinary', ja: '普通車' }, fares: { adult: 27_000, child: 13_500 } }],
    passengerKinds: kinds.japan,
    validity: { mode: 'consecutive', days: 7 },
    activationWindowDays: 90,
    residence: { except: ['JP'] },
    refund: { fullRefundDaysBefore: 1, lateRefundPct: 80 },
    activation: 'exchange',
    labels: [],
    features: ['reserved-seats', 'airport-transfer'],
    photos: [PHOTOS.hokkaido],
    dailyAllocation: 30,
    popularity: 35,
  },
  {
    id: 141,
    slug: 'jr-east-pass-tohoku-area',
    mainPassId: null,
    countrySlug: 'japan',
    countryCodes: ['JP'],
    type: 'pass',
    names: { en: 'JR East Pass (Tohoku area)', ja: 'JR東日本パス（東北エリア）' },
    summary: summaryOf(
      'jrEast',
      'Any 5 days within 14 on JR East trains from Tokyo to Aomori, Akita and Yamagata, the Tohoku Shinkansen and the Tokyo Monorail included.',
    ),
    operators: [OP.jrEast],
    regions: [R.tohoku, R.kanto],
    currency: 'JPY',
    classOptions: [{ key: 'ordinary', name: { en: 'Ordinary', ja: '普通車' }, fares: { adult: 30_000, child: 15_000 } }],
    passengerKinds: kinds.japan,
    validity: { mode: 'flexi', days: 5, withinDays: 14 },
    activationWindowDays: 90,
    residence: { except: ['JP'] },
    refund: { fullRefundDaysBefore: 1, lateRefundPct: 80 },
    activation: 'exchange',
    labels: ['flexible'],
    features: ['shinkansen', 'reserved-seats', 'airport-transfer'],
    photos: [PHOTOS.tohoku],
    dailyAllocation: 30,
    popularity: 42,
  },
  koreaRailPass(
    201,
    'korea-rail-pass-flexi-2-days',
    'Korea Rail Pass Flexi 2 days in 10',
    { mode: 'flexi', days: 2, withinDays: 10 },
    [121_000, 97_000, 61_000],
    90,
  ),
  koreaRailPass(
    202,
    'korea-rail-pass-flexi-4-days',
    'Korea Rail Pass Flexi 4 days in 10',
    { mode: 'flexi', days: 4, withinDays: 10 },
    [193_000, 154_000, 97_000],
    85,
  ),
  koreaRailPass(
    203,
    'korea-rail-pass-3-days',
    'Korea Rail Pass 3 consecutive days',
    { mode: 'consecutive', days: 3 },
    [138_000, 110_000, 69_000],
    70,
  ),
  koreaRailPass(
    204,
    'korea-rail-pass-5-days',
    'Korea Rail Pass 5 consecutive days',
    { mode: 'consecutive', days: 5 },
    [167_000, 133_000, 84_000],
    65,
  ),
  koreaRailPass(
    205,
    'korea-rail-pass-7-days',
    'Korea Rail Pass 7 consecutive days',
    { mode: 'consecutive', days: 7 },
    [188_000, 150_000, 94_000],
    55,
  ),
  {
    id: 301,
    slug: 'thsr-3-day-pass',
    mainPassId: null,
    countrySlug: 'taiwan',
    countryCodes: ['TW'],
    type: 'pass',
    names: { en: 'THSR 3-Day Pass', 'zh-TW': '台灣高鐵三日周遊券', 'zh-CN': '台湾高铁三日周游券' },
    summary: summaryOf(
      'thsr3',
      'Three consecutive days of Taiwan High Speed Rail between Nangang, Taipei, Taichung, Tainan and Zuoying, non-reserved cars.',
    ),
    operators: [OP.thsr],
    regions: [R.westernTaiwan],
    currency: 'TWD',
    classOptions: [
      { key: 'standard', name: { en: 'Standard car', 'zh-TW': '標準車廂' }, fares: { adult: cents(2_400), child: cents(1_200) } },
    ],
    passengerKinds: kinds.taiwan,
    validity: { mode: 'consecutive', days: 3 },
    activationWindowDays: 60,
    residence: { except: ['TW'] },
    refund: { fullRefundDaysBefore: 1, lateRefundPct: 90 },
    activation: 'exchange',
    labels: ['bestseller'],
    features: ['high-speed'],
    photos: [PHOTOS.thsr],
    dailyAllocation: 40,
    popularity: 75,
  },
  {
    id: 302,
    slug: 'thsr-flexible-2-day-pass',
    mainPassId: 301,
    countrySlug: 'taiwan',
    countryCodes: ['TW'],
    type: 'pass',
    names: { en: 'THSR Flexible 2-Day Pass', 'zh-TW': '台灣高鐵彈性二日券', 'zh-CN': '台湾高铁弹性二日券' },
    summary: summaryOf(
      'thsr2',
      'Any 2 days within 7 on Taiwan High Speed Rail, non-reserved cars, for a Taipei–Kaohsiung trip out and back.',
    ),
    operators: [OP.thsr],
    regions: [R.westernTaiwan],
    currency: 'TWD',
    classOptions: [
      { key: 'standard', name: { en: 'Standard car', 'zh-TW': '標準車廂' }, fares: { adult: cents(2_200), child: cents(1_100) } },
    ],
    passengerKinds: kinds.taiwan,
    validity: { mode: 'flexi', days: 2, withinDays: 7 },
    activationWindowDays: 60,
    residence: { except: ['TW'] },
    refund: { fullRefundDaysBefore: 1, lateRefundPct: 90 },
    activation: 'exchange',
    labels: ['flexible'],
    features: ['high-speed'],
    photos: [PHOTOS.thsr],
    dailyAllocation: 40,
    popularity: 50,
  },
  eurailPass(401, 'eurail', { mode: 'flexi', days: 4, withinDays: 30 }, c3(283, 212, 255), c3(376, 282, 338), 95),
  eurailPass(402, 'eurail', { mode: 'flexi', days: 7, withinDays: 30 }, c3(365, 274, 329), c3(486, 365, 437), 80),
  eurailPass(403, 'eurail', { mode: 'consecutive', days: 15 }, c3(466, 350, 419), c3(620, 465, 558), 60),
  eurailPass(411, 'interrail', { mode: 'flexi', days: 4, withinDays: 30 }, c3(270, 203, 243), c3(359, 269, 323), 70),
  eurailPass(412, 'interrail', { mode: 'flexi', days: 7, withinDays: 30 }, c3(335, 251, 302), c3(446, 335, 401), 60),
  eurailPass(413, 'interrail', { mode: 'consecutive', days: 15 }, c3(440, 330, 396), c3(585, 439, 527), 45),
  swissTravelPass(501, 3, false, [cents(244), cents(172)], [cents(389), cents(274)], 90),
  swissTravelPass(502, 4, false, [cents(295), cents(209)], [cents(473), cents(334)], 75),
  swissTravelPass(503, 8, false, [cents(429), cents(302)], [cents(675), cents(477)], 55),
  swissTravelPass(504, 3, true, [cents(279), cents(197)], [cents(445), cents(314)], 65),
  britRailPass(601, 3, false, c3(183, 137, 183), c3(269, 202, 229), 70),
  britRailPass(602, 8, false, c3(389, 292, 389), c3(570, 428, 485), 50),
  britRailPass(603, 4, true, c3(259, 194, 259), c3(379, 284, 322), 60),
];
