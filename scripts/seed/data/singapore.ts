import type { GeographySeed } from './types.ts';

export const singapore: GeographySeed = {
  countries: [
    { code: 'SG', slug: 'singapore', name: { en: 'Singapore', ms: 'Singapura', 'zh-CN': '新加坡', 'zh-TW': '新加坡', ja: 'シンガポール', ko: '싱가포르', ru: 'Сингапур', fr: 'Singapour', de: 'Singapur', th: 'สิงคโปร์', vi: 'Singapore', id: 'Singapura' }, currency: 'SGD' },
  ],
  provinces: [
    { slug: 'sg-singapore', country: 'SG', name: { en: 'Singapore', ms: 'Singapura', 'zh-CN': '新加坡' } },
  ],
  places: [
    { slug: 'singapore-city', province: 'sg-singapore', kind: 'city', name: { en: 'Singapore', ms: 'Singapura', 'zh-CN': '新加坡', 'zh-TW': '新加坡', ja: 'シンガポール', ko: '싱가포르', ru: 'Сингапур', fr: 'Singapour', de: 'Singapur', th: 'สิงคโปร์', id: 'Singapura' }, lat: 1.2903, lon: 103.8520, timeZone: 'Asia/Singapore', popularity: 95 },
    { slug: 'changi', province: 'sg-singapore', kind: 'area', name: { en: 'Changi', ms: 'Changi', 'zh-CN': '樟宜', ja: 'チャンギ', ko: '창이', ru: 'Чанги' }, lat: 1.3570, lon: 103.9880, timeZone: 'Asia/Singapore', popularity: 50 },
  ],
  stations: [
    { slug: 'singapore-city-woodlands-train-checkpoint', place: 'singapore-city', kind: 'railway_station', name: { en: 'Woodlands Train Checkpoint', ms: 'Pusat Pemeriksaan Kereta Api Woodlands', 'zh-CN': '兀兰火车关卡' }, lat: 1.4432, lon: 103.7690 },
    { slug: 'singapore-city-golden-mile-complex', place: 'singapore-city', kind: 'pickup_point', name: { en: 'Golden Mile Complex (Beach Road coach pickup)', 'zh-CN': '黄金坊' }, lat: 1.3027, lon: 103.8640 },
    { slug: 'singapore-city-queen-street-bus-terminal', place: 'singapore-city', kind: 'bus_terminal', name: { en: 'Queen Street Bus Terminal', 'zh-CN': '皇后街巴士终站' }, lat: 1.3003, lon: 103.8555 },
    { slug: 'singapore-city-harbourfront-ferry-terminal', place: 'singapore-city', kind: 'pier', name: { en: 'HarbourFront Ferry Terminal', 'zh-CN': '港湾渡轮码头' }, lat: 1.2650, lon: 103.8205 },
    { slug: 'singapore-city-seletar-airport', place: 'singapore-city', kind: 'airport', name: { en: 'Seletar Airport', 'zh-CN': '实里达机场' }, lat: 1.4170, lon: 103.8678, code: 'XSP' },
    { slug: 'changi-airport', place: 'singapore-city', kind: 'airport', name: { en: 'Singapore Changi Airport', ms: 'Lapangan Terbang Changi Singapura', 'zh-CN': '新加坡樟宜机场', ja: 'シンガポール・チャンギ国際空港', ko: '싱가포르 창이 공항', ru: 'Аэропорт Сингапур Чанги' }, lat: 1.3644, lon: 103.9915, code: 'SIN' },
    { slug: 'changi-tanah-merah-ferry-terminal', place: 'singapore-city', kind: 'pier', name: { en: 'Tanah Merah Ferry Terminal', 'zh-CN': '丹那美拉渡轮码头' }, lat: 1.3158, lon: 103.9889 },
    { slug: 'changi-point-ferry-terminal', place: 'changi', kind: 'pier', name: { en: 'Changi Point Ferry Terminal', 'zh-CN': '樟宜尾渡轮码头' }, lat: 1.3894, lon: 103.9876 },
  ],
  railLines: [],
  ferryLinks: [
    { from: 'singapore-city-harbourfront-ferry-terminal', to: 'batam-centre-ferry-terminal', minutes: 60, kind: 'speedboat' },
    { from: 'singapore-city-harbourfront-ferry-terminal', to: 'batam-harbour-bay-ferry-terminal', minutes: 50, kind: 'speedboat' },
    { from: 'singapore-city-harbourfront-ferry-terminal', to: 'batam-sekupang-ferry-terminal', minutes: 50, kind: 'speedboat' },
    { from: 'changi-tanah-merah-ferry-terminal', to: 'batam-nongsapura-ferry-terminal', minutes: 40, kind: 'speedboat' },
    { from: 'changi-tanah-merah-ferry-terminal', to: 'bintan-lagoi-bandar-bentan-telani-ferry-terminal', minutes: 55, kind: 'speedboat' },
    { from: 'changi-tanah-merah-ferry-terminal', to: 'tanjung-pinang-sri-bintan-pura-pier', minutes: 120, kind: 'speedboat' },
  ],
};
