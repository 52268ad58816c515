import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/i18n/locales.ts';
import { allGeography, COUNTRY_SEEDS, mergeGeography } from './index.ts';
import { LATIN_NAMES, LOCAL_NAMES, NON_LATIN_LOCALES, nonLatinNames, PLACE_ALIASES } from './placeNames.ts';

const geo = allGeography();
const raw = mergeGeography(COUNTRY_SEEDS);
const placeSlugs = new Set(raw.places.map((p) => p.slug));
const siteCodes = new Set<string>(LOCALES.map((l) => l.code));

describe('place names in every locale (issue 17)', () => {
  it('names every place in each site locale that does not write in Latin script', () => {
    for (const place of geo.places)
      for (const code of NON_LATIN_LOCALES) expect(place.name[code], `${place.slug} in ${code}`).toBeTruthy();
  });

  it('names only places that exist, in locales that exist, in their script', () => {
    for (const slug of [...nonLatinNames().keys(), ...Object.keys(LATIN_NAMES), ...Object.keys(LOCAL_NAMES), ...Object.keys(PLACE_ALIASES)])
      expect(placeSlugs.has(slug), slug).toBe(true);
    for (const code of NON_LATIN_LOCALES) expect(siteCodes.has(code), code).toBe(true);
    for (const names of Object.values(LATIN_NAMES)) for (const code of Object.keys(names)) expect(siteCodes.has(code), code).toBe(true);
    const latin = /[A-Za-z]/;
    for (const [slug, names] of nonLatinNames())
      for (const [code, name] of Object.entries(names)) expect(latin.test(name), `${slug} ${code}: ${name}`).toBe(false);
  });

  it('keeps the names a country file gives and the local-language names', () => {
    const byslug = new Map(geo.places.map((p) => [p.slug, p]));
    expect(byslug.get('bangkok')?.name).toMatchObject({ en: 'Bangkok', th: 'กรุงเทพมหานคร', 'ar-ae': 'بانكوك', 'zh-CN': '曼谷', ja: 'バンコク', ko: '방콕', ru: 'Бангкок' });
    expect(byslug.get('hanoi')?.name).toMatchObject({ vi: 'Hà Nội', fr: 'Hanoï' });
    expect(byslug.get('phnom-penh')?.name.km).toBe('ភ្នំពេញ');
    expect(byslug.get('vientiane')?.name.lo).toBe('ວຽງຈັນ');
    expect(byslug.get('ho-chi-minh-city')?.aliases).toContain('Saigon');
    expect(byslug.get('koh-tao')?.aliases).toContain('Ko Tao');
  });

  it('translates stations named after their town and what they are, and keeps proper names', () => {
    const bySlug = new Map(geo.stations.map((s) => [s.slug, s]));
    const cm = geo.stations.find((s) => s.name.en === 'Chiang Mai Railway Station');
    expect(cm?.name).toMatchObject({ 'ar-ae': 'محطة قطار تشيانغ ماي', 'zh-CN': '清迈火车站', ja: 'チェンマイ駅' });
    expect(cm?.name.th).toBeTruthy();
    // a country file's Thai name is kept
    expect(bySlug.get('bangkok-mo-chit-bus-terminal')?.name.th).toBe('สถานีขนส่งผู้โดยสารกรุงเทพ (หมอชิต 2)');
    // a proper name stays as on the sign
    expect(bySlug.get('bangkok-mo-chit-bus-terminal')?.name['ar-ae']).toBeUndefined();
  });
});
