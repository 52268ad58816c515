/**
 * Station names in the non-Latin-script site locales, for stations named after their town and
 * what they are ("Chiang Mai Railway Station", "Krabi International Airport"): the kind is
 * translated around the town's name in that locale (محطة قطار تشيانغ ماي, 清迈火车站). Stations
 * with a proper name of their own ("Mo Chit 2 Bus Terminal") keep it as written on the sign,
 * unless a country file gives it in a locale.
 */
import type { LocalizedNames } from './types.ts';

type Templates = Record<string, string>;

const RAILWAY: Templates = {
  'ar-ae': 'محطة قطار {p}', fa: 'ایستگاه راه‌آهن {p}', 'zh-CN': '{p}火车站', 'zh-TW': '{p}火車站', ja: '{p}駅', ko: '{p}역',
  ru: '{p}, ж/д вокзал', uk: '{p}, залізничний вокзал', el: 'Σιδηροδρομικός σταθμός {p}', th: 'สถานีรถไฟ{p}',
};
const BUS: Templates = {
  'ar-ae': 'محطة حافلات {p}', fa: 'پایانه اتوبوس {p}', 'zh-CN': '{p}汽车站', 'zh-TW': '{p}汽車站', ja: '{p}バスターミナル', ko: '{p} 버스터미널',
  ru: '{p}, автовокзал', uk: '{p}, автовокзал', el: 'Σταθμός λεωφορείων {p}', th: 'สถานีขนส่ง{p}',
};
const BUS_STOP: Templates = {
  'ar-ae': 'موقف حافلات {p}', fa: 'ایستگاه اتوبوس {p}', 'zh-CN': '{p}巴士站', 'zh-TW': '{p}巴士站', ja: '{p}バス停', ko: '{p} 버스 정류장',
  ru: '{p}, автобусная остановка', uk: '{p}, автобусна зупинка', el: 'Στάση λεωφορείου {p}', th: 'จุดจอดรถโดยสาร{p}',
};
const AIRPORT: Templates = {
  'ar-ae': 'مطار {p}', fa: 'فرودگاه {p}', 'zh-CN': '{p}机场', 'zh-TW': '{p}機場', ja: '{p}空港', ko: '{p} 공항',
  ru: '{p}, аэропорт', uk: '{p}, аеропорт', el: 'Αεροδρόμιο {p}', th: 'ท่าอากาศยาน{p}',
};
const INTERNATIONAL_AIRPORT: Templates = {
  'ar-ae': 'مطار {p} الدولي', fa: 'فرودگاه بین‌المللی {p}', 'zh-CN': '{p}国际机场', 'zh-TW': '{p}國際機場', ja: '{p}国際空港', ko: '{p} 국제공항',
  ru: '{p}, международный аэропорт', uk: '{p}, міжнародний аеропорт', el: 'Διεθνές αεροδρόμιο {p}', th: 'ท่าอากาศยานนานาชาติ{p}',
};
const PIER: Templates = {
  'ar-ae': 'رصيف {p}', fa: 'اسکله {p}', 'zh-CN': '{p}码头', 'zh-TW': '{p}碼頭', ja: '{p}桟橋', ko: '{p} 부두',
  ru: '{p}, пирс', uk: '{p}, пірс', el: 'Προβλήτα {p}', th: 'ท่าเรือ{p}',
};
const HARBOUR: Templates = {
  'ar-ae': 'ميناء {p}', fa: 'بندر {p}', 'zh-CN': '{p}港', 'zh-TW': '{p}港', ja: '{p}港', ko: '{p}항',
  ru: '{p}, порт', uk: '{p}, порт', el: 'Λιμάνι {p}', th: 'ท่าเรือ{p}',
};
const CENTRE: Templates = {
  'ar-ae': 'وسط {p}', fa: 'مرکز {p}', 'zh-CN': '{p}市中心', 'zh-TW': '{p}市中心', ja: '{p}中心部', ko: '{p} 시내',
  ru: '{p}, центр', uk: '{p}, центр', el: 'Κέντρο {p}', th: 'ใจกลาง{p}',
};

/** What follows the town's English name → how the locale says it. Longest first. */
const SUFFIXES: readonly [string, Templates][] = [
  ['International Airport', INTERNATIONAL_AIRPORT],
  ['Railway Station', RAILWAY],
  ['Bus Terminal', BUS],
  ['Bus Station', BUS],
  ['Bus Stop', BUS_STOP],
  ['Ferry Terminal', HARBOUR],
  ['Ferry Harbour', HARBOUR],
  ['Harbour', HARBOUR],
  ['Town Centre', CENTRE],
  ['Town Pier', PIER],
  ['Boat Pier', PIER],
  ['Airport', AIRPORT],
  ['Station', RAILWAY],
  ['Jetty', PIER],
  ['Pier', PIER],
];

/** "Kuta (Bali)" → "Kuta"; also full-width brackets (クタ（バリ）). */
function bareName(name: string): string {
  return name.replace(/\s*[(（][^)）]*[)）]\s*$/u, '').trim();
}

/**
 * The station's names with the generated ones added for every locale in which its town has a
 * name and the station has none yet. A trailing "(…)" of the English name (a district, a street)
 * is kept as written.
 */
export function localizedStationNames(station: LocalizedNames, place: LocalizedNames): LocalizedNames {
  const match = /^(.*?)(?:\s+([(][^)]*[)]))?$/u.exec(station.en);
  const main = match?.[1] ?? station.en;
  const tail = match?.[2] ? ` ${match[2]}` : '';
  const town = bareName(place.en);
  if (!main.startsWith(`${town} `)) return station;
  const rest = main.slice(town.length + 1);
  const templates = SUFFIXES.find(([suffix]) => suffix === rest)?.[1];
  if (!templates) return station;
  const names: LocalizedNames = { ...station };
  for (const [code, template] of Object.entries(templates)) {
    const local = place[code];
    if (names[code] || !local) continue;
    names[code] = template.replace('{p}', bareName(local)) + tail;
  }
  return names;
}
