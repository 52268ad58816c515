import type { GeographySeed } from './types.ts';

/**
 * Japan: the Tokaido Shinkansen corridor, the trunk line a Japan Rail Pass holder rides first
 * (Tokyo → Nagoya → Kyoto → Shin-Osaka). Only the railway is in the data: the network's buses,
 * vans and flights stay in South-East Asia, and rail passes are what the site sells here.
 * Running times are a Hikari's (the Nozomi is not covered by the Japan Rail Pass).
 */
export const japan: GeographySeed = {
  countries: [
    { code: 'JP', slug: 'japan', name: { en: 'Japan', ja: '日本', 'zh-CN': '日本', 'zh-TW': '日本', ko: '일본', ru: 'Япония', fr: 'Japon', de: 'Japan', th: 'ญี่ปุ่น', vi: 'Nhật Bản', id: 'Jepang' }, currency: 'JPY' },
  ],
  provinces: [
    { slug: 'jp-tokyo', country: 'JP', name: { en: 'Tokyo', ja: '東京都', 'zh-CN': '东京都' } },
    { slug: 'jp-aichi', country: 'JP', name: { en: 'Aichi', ja: '愛知県', 'zh-CN': '爱知县' } },
    { slug: 'jp-kyoto', country: 'JP', name: { en: 'Kyoto', ja: '京都府', 'zh-CN': '京都府' } },
    { slug: 'jp-osaka', country: 'JP', name: { en: 'Osaka', ja: '大阪府', 'zh-CN': '大阪府' } },
  ],
  places: [
    { slug: 'tokyo', province: 'jp-tokyo', kind: 'city', name: { en: 'Tokyo', vi: 'Tokyo', fr: 'Tokyo', de: 'Tokio', es: 'Tokio' }, lat: 35.6812, lon: 139.7671, timeZone: 'Asia/Tokyo', popularity: 40 },
    { slug: 'nagoya', province: 'jp-aichi', kind: 'city', name: { en: 'Nagoya' }, lat: 35.1709, lon: 136.8815, timeZone: 'Asia/Tokyo', popularity: 25 },
    { slug: 'kyoto', province: 'jp-kyoto', kind: 'city', name: { en: 'Kyoto', vi: 'Kyoto', fr: 'Kyoto', de: 'Kyōto' }, lat: 34.9858, lon: 135.7588, timeZone: 'Asia/Tokyo', popularity: 35 },
    { slug: 'osaka', province: 'jp-osaka', kind: 'city', name: { en: 'Osaka', fr: 'Osaka', de: 'Osaka' }, lat: 34.7334, lon: 135.5001, timeZone: 'Asia/Tokyo', popularity: 35 },
  ],
  stations: [
    { slug: 'tokyo-station', place: 'tokyo', kind: 'railway_station', name: { en: 'Tokyo Station', ja: '東京駅', 'zh-CN': '东京站', 'zh-TW': '東京車站', ko: '도쿄역' }, lat: 35.6812, lon: 139.7671 },
    { slug: 'tokyo-shinagawa-station', place: 'tokyo', kind: 'railway_station', name: { en: 'Shinagawa Station', ja: '品川駅', 'zh-CN': '品川站', 'zh-TW': '品川車站', ko: '시나가와역' }, lat: 35.6285, lon: 139.7388 },
    { slug: 'nagoya-station', place: 'nagoya', kind: 'railway_station', name: { en: 'Nagoya Station', ja: '名古屋駅', 'zh-CN': '名古屋站', 'zh-TW': '名古屋車站', ko: '나고야역' }, lat: 35.1709, lon: 136.8815 },
    { slug: 'kyoto-station', place: 'kyoto', kind: 'railway_station', name: { en: 'Kyoto Station', ja: '京都駅', 'zh-CN': '京都站', 'zh-TW': '京都車站', ko: '교토역' }, lat: 34.9858, lon: 135.7588 },
    { slug: 'osaka-shin-osaka-station', place: 'osaka', kind: 'railway_station', name: { en: 'Shin-Osaka Station', ja: '新大阪駅', 'zh-CN': '新大阪站', 'zh-TW': '新大阪車站', ko: '신오사카역' }, lat: 34.7334, lon: 135.5001 },
  ],
  railLines: [
    {
      slug: 'tokaido-shinkansen',
      name: 'Tokaido Shinkansen',
      stops: [
        { station: 'tokyo-station', minutesFromStart: 0 },
        { station: 'tokyo-shinagawa-station', minutesFromStart: 7 },
        { station: 'nagoya-station', minutesFromStart: 100 },
        { station: 'kyoto-station', minutesFromStart: 136 },
        { station: 'osaka-shin-osaka-station', minutesFromStart: 152 },
      ],
    },
  ],
  ferryLinks: [],
};
