import type { GeographySeed } from './types.ts';

/**
 * Taiwan: the high-speed rail (THSR) from Taipei to Zuoying in Kaohsiung, covered by the THSR
 * passes. Only the railway is in the data (see japan.ts).
 */
export const taiwan: GeographySeed = {
  countries: [
    { code: 'TW', slug: 'taiwan', name: { en: 'Taiwan', 'zh-TW': '臺灣', 'zh-CN': '台湾', ja: '台湾', ko: '대만', ru: 'Тайвань', fr: 'Taïwan', de: 'Taiwan', th: 'ไต้หวัน', vi: 'Đài Loan', id: 'Taiwan' }, currency: 'TWD' },
  ],
  provinces: [
    { slug: 'tw-taipei', country: 'TW', name: { en: 'Taipei', 'zh-TW': '臺北市', 'zh-CN': '台北市' } },
    { slug: 'tw-taichung', country: 'TW', name: { en: 'Taichung', 'zh-TW': '臺中市', 'zh-CN': '台中市' } },
    { slug: 'tw-kaohsiung', country: 'TW', name: { en: 'Kaohsiung', 'zh-TW': '高雄市', 'zh-CN': '高雄市' } },
  ],
  places: [
    { slug: 'taipei', province: 'tw-taipei', kind: 'city', name: { en: 'Taipei', vi: 'Đài Bắc', fr: 'Taipei' }, lat: 25.0478, lon: 121.517, timeZone: 'Asia/Taipei', popularity: 40 },
    { slug: 'taichung', province: 'tw-taichung', kind: 'city', name: { en: 'Taichung', vi: 'Đài Trung' }, lat: 24.1121, lon: 120.6157, timeZone: 'Asia/Taipei', popularity: 20 },
    { slug: 'kaohsiung', province: 'tw-kaohsiung', kind: 'city', name: { en: 'Kaohsiung', vi: 'Cao Hùng' }, lat: 22.6871, lon: 120.3076, timeZone: 'Asia/Taipei', popularity: 30 },
  ],
  stations: [
    { slug: 'taipei-main-station', place: 'taipei', kind: 'railway_station', name: { en: 'Taipei Main Station', 'zh-TW': '臺北車站', 'zh-CN': '台北车站', ja: '台北駅', ko: '타이베이역' }, lat: 25.0478, lon: 121.517 },
    { slug: 'taichung-thsr-station', place: 'taichung', kind: 'railway_station', name: { en: 'THSR Taichung Station', 'zh-TW': '高鐵臺中站', 'zh-CN': '高铁台中站', ja: '高鉄台中駅' }, lat: 24.1121, lon: 120.6157 },
    { slug: 'kaohsiung-zuoying-station', place: 'kaohsiung', kind: 'railway_station', name: { en: 'THSR Zuoying Station', 'zh-TW': '高鐵左營站', 'zh-CN': '高铁左营站', ja: '高鉄左営駅' }, lat: 22.6871, lon: 120.3076 },
  ],
  railLines: [
    {
      slug: 'taiwan-high-speed-rail',
      name: 'Taiwan High Speed Rail',
      stops: [
        { station: 'taipei-main-station', minutesFromStart: 0 },
        { station: 'taichung-thsr-station', minutesFromStart: 50 },
        { station: 'kaohsiung-zuoying-station', minutesFromStart: 100 },
      ],
    },
  ],
  ferryLinks: [],
};
