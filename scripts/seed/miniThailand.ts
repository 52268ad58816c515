/** A small geography for the seed's tests: shared by write.test.ts and the seed-safety integration test. */
import type { GeographySeed } from './data/types.ts';

const TZ = 'Asia/Bangkok';

/** A corner of Thailand: enough for every class of transport, small enough to write in a blink. */
export const miniThailand: GeographySeed = {
  countries: [{ code: 'TH', slug: 'thailand', name: { en: 'Thailand' }, currency: 'THB' }],
  provinces: [
    { slug: 'bangkok-province', country: 'TH', name: { en: 'Bangkok' } },
    { slug: 'chonburi-province', country: 'TH', name: { en: 'Chonburi' } },
    { slug: 'surat-thani-province', country: 'TH', name: { en: 'Surat Thani' } },
    { slug: 'chiang-mai-province', country: 'TH', name: { en: 'Chiang Mai' } },
  ],
  places: [
    {
      slug: 'bangkok',
      province: 'bangkok-province',
      kind: 'city',
      name: { en: 'Bangkok' },
      lat: 13.7563,
      lon: 100.5018,
      timeZone: TZ,
      popularity: 100,
    },
    {
      slug: 'pattaya',
      province: 'chonburi-province',
      kind: 'city',
      name: { en: 'Pattaya' },
      lat: 12.9236,
      lon: 100.8825,
      timeZone: TZ,
      popularity: 85,
    },
    {
      slug: 'surat-thani',
      province: 'surat-thani-province',
      kind: 'city',
      name: { en: 'Surat Thani' },
      lat: 9.1382,
      lon: 99.3215,
      timeZone: TZ,
      popularity: 55,
    },
    {
      slug: 'koh-samui',
      province: 'surat-thani-province',
      kind: 'island',
      name: { en: 'Koh Samui' },
      lat: 9.512,
      lon: 100.0136,
      timeZone: TZ,
      popularity: 85,
    },
    {
      slug: 'chiang-mai',
      province: 'chiang-mai-province',
      kind: 'city',
      name: { en: 'Chiang Mai' },
      lat: 18.7883,
      lon: 98.9853,
      timeZone: TZ,
      popularity: 90,
    },
  ],
  stations: [
    { slug: 'bkk-mo-chit', place: 'bangkok', kind: 'bus_terminal', name: { en: 'Mo Chit' }, lat: 13.8127, lon: 100.5486 },
    { slug: 'bkk-ekkamai', place: 'bangkok', kind: 'bus_terminal', name: { en: 'Ekkamai' }, lat: 13.7197, lon: 100.5844 },
    { slug: 'bkk-khao-san', place: 'bangkok', kind: 'pickup_point', name: { en: 'Khao San Road' }, lat: 13.7589, lon: 100.4974 },
    { slug: 'bkk-station', place: 'bangkok', kind: 'railway_station', name: { en: 'Krung Thep Aphiwat' }, lat: 13.8037, lon: 100.5412 },
    { slug: 'bkk-airport', place: 'bangkok', kind: 'airport', name: { en: 'Suvarnabhumi' }, lat: 13.69, lon: 100.7501, code: 'BKK' },
    { slug: 'pattaya-terminal', place: 'pattaya', kind: 'bus_terminal', name: { en: 'Pattaya Bus Terminal' }, lat: 12.9441, lon: 100.9003 },
    {
      slug: 'surat-terminal',
      place: 'surat-thani',
      kind: 'bus_terminal',
      name: { en: 'Surat Thani Bus Terminal' },
      lat: 9.1336,
      lon: 99.3336,
    },
    { slug: 'surat-station', place: 'surat-thani', kind: 'railway_station', name: { en: 'Phun Phin' }, lat: 9.1102, lon: 99.2285 },
    { slug: 'surat-pier', place: 'surat-thani', kind: 'pier', name: { en: 'Donsak Pier' }, lat: 9.3165, lon: 99.687 },
    { slug: 'samui-pier', place: 'koh-samui', kind: 'pier', name: { en: 'Nathon Pier' }, lat: 9.5349, lon: 99.9344 },
    { slug: 'samui-airport', place: 'koh-samui', kind: 'airport', name: { en: 'Samui Airport' }, lat: 9.5478, lon: 100.0623, code: 'USM' },
    { slug: 'cnx-terminal', place: 'chiang-mai', kind: 'bus_terminal', name: { en: 'Arcade' }, lat: 18.8025, lon: 99.0125 },
    { slug: 'cnx-station', place: 'chiang-mai', kind: 'railway_station', name: { en: 'Chiang Mai Station' }, lat: 18.7845, lon: 99.0187 },
    {
      slug: 'cnx-airport',
      place: 'chiang-mai',
      kind: 'airport',
      name: { en: 'Chiang Mai Airport' },
      lat: 18.7668,
      lon: 98.9626,
      code: 'CNX',
    },
    { slug: 'cnx-old-town', place: 'chiang-mai', kind: 'pickup_point', name: { en: 'Tha Phae Gate' }, lat: 18.7877, lon: 98.9933 },
  ],
  railLines: [
    {
      slug: 'northern',
      name: 'Northern Line',
      stops: [
        { station: 'bkk-station', minutesFromStart: 0 },
        { station: 'cnx-station', minutesFromStart: 750 },
      ],
    },
    {
      slug: 'southern',
      name: 'Southern Line',
      stops: [
        { station: 'bkk-station', minutesFromStart: 0 },
        { station: 'surat-station', minutesFromStart: 660 },
      ],
    },
  ],
  ferryLinks: [{ from: 'surat-pier', to: 'samui-pier', minutes: 90, kind: 'ferry' }],
};
