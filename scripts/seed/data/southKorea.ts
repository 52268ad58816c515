import type { GeographySeed } from './types.ts';

/**
 * South Korea: the Gyeongbu high-speed line (KTX) from Seoul to Busan, covered by the Korea Rail
 * Pass. Only the railway is in the data (see japan.ts).
 */
export const southKorea: GeographySeed = {
  countries: [
    { code: 'KR', slug: 'south-korea', name: { en: 'South Korea', ko: '대한민국', ja: '韓国', 'zh-CN': '韩国', 'zh-TW': '韓國', ru: 'Южная Корея', fr: 'Corée du Sud', de: 'Südkorea', th: 'เกาหลีใต้', vi: 'Hàn Quốc', id: 'Korea Selatan' }, currency: 'KRW' },
  ],
  provinces: [
    { slug: 'kr-seoul', country: 'KR', name: { en: 'Seoul', ko: '서울특별시', 'zh-CN': '首尔特别市' } },
    { slug: 'kr-daejeon', country: 'KR', name: { en: 'Daejeon', ko: '대전광역시', 'zh-CN': '大田广域市' } },
    { slug: 'kr-busan', country: 'KR', name: { en: 'Busan', ko: '부산광역시', 'zh-CN': '釜山广域市' } },
  ],
  places: [
    { slug: 'seoul', province: 'kr-seoul', kind: 'city', name: { en: 'Seoul', fr: 'Séoul', vi: 'Seoul' }, lat: 37.5547, lon: 126.9706, timeZone: 'Asia/Seoul', popularity: 40 },
    { slug: 'daejeon', province: 'kr-daejeon', kind: 'city', name: { en: 'Daejeon' }, lat: 36.3323, lon: 127.4342, timeZone: 'Asia/Seoul', popularity: 20 },
    { slug: 'busan', province: 'kr-busan', kind: 'city', name: { en: 'Busan', vi: 'Busan', fr: 'Busan' }, aliases: ['Pusan'], lat: 35.1151, lon: 129.0422, timeZone: 'Asia/Seoul', popularity: 35 },
  ],
  stations: [
    { slug: 'seoul-station', place: 'seoul', kind: 'railway_station', name: { en: 'Seoul Station', ko: '서울역', ja: 'ソウル駅', 'zh-CN': '首尔站', 'zh-TW': '首爾站' }, lat: 37.5547, lon: 126.9706 },
    { slug: 'daejeon-station', place: 'daejeon', kind: 'railway_station', name: { en: 'Daejeon Station', ko: '대전역', ja: '大田駅', 'zh-CN': '大田站', 'zh-TW': '大田站' }, lat: 36.3323, lon: 127.4342 },
    { slug: 'busan-station', place: 'busan', kind: 'railway_station', name: { en: 'Busan Station', ko: '부산역', ja: '釜山駅', 'zh-CN': '釜山站', 'zh-TW': '釜山站' }, lat: 35.1151, lon: 129.0422 },
  ],
  railLines: [
    {
      slug: 'gyeongbu-high-speed-line',
      name: 'Gyeongbu High Speed Line (KTX)',
      stops: [
        { station: 'seoul-station', minutesFromStart: 0 },
        { station: 'daejeon-station', minutesFromStart: 60 },
        { station: 'busan-station', minutesFromStart: 165 },
      ],
    },
  ],
  ferryLinks: [],
};
