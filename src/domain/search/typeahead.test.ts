import { describe, expect, it } from 'vitest';
import { buildTimetableIndex } from './timetable.ts';
import { testRows } from './testNetwork.ts';
import { normalizeName, typeahead } from './typeahead.ts';

/** The test network with the names and aliases the seed gives these places. */
function namedIndex() {
  const rows = testRows();
  const names: Record<string, { names: Record<string, string> & { en: string }; aliases?: string[] }> = {
    bangkok: {
      names: {
        en: 'Bangkok',
        th: 'กรุงเทพมหานคร',
        'ar-ae': 'بانكوك',
        fa: 'بانکوک',
        'zh-CN': '曼谷',
        ja: 'バンコク',
        ko: '방콕',
        ru: 'Бангкок',
        pt: 'Banguecoque',
      },
      aliases: ['Krung Thep', 'กรุงเทพฯ'],
    },
    'koh-tao': { names: { en: 'Koh Tao', th: 'เกาะเต่า', 'ar-ae': 'كو تاو', 'zh-CN': '涛岛' }, aliases: ['Ko Tao'] },
    'chiang-mai': { names: { en: 'Chiang Mai', th: 'เชียงใหม่', 'ar-ae': 'تشيانغ ماي', el: 'Τσιάνγκ Μάι' } },
  };
  rows.places = [
    ...rows.places.map((p) => ({ ...p, ...names[p.slug] })),
    {
      id: 6,
      slug: 'ho-chi-minh-city',
      kind: 'city',
      names: { en: 'Ho Chi Minh City', vi: 'Thành phố Hồ Chí Minh' },
      aliases: ['Saigon', 'Sài Gòn'],
      lat: 10.8,
      lon: 106.7,
      timeZone: 'Asia/Ho_Chi_Minh',
      countryCode: 'VN',
      popularity: 90,
    },
    {
      id: 7,
      slug: 'da-nang',
      kind: 'city',
      names: { en: 'Da Nang', vi: 'Đà Nẵng' },
      lat: 16.05,
      lon: 108.2,
      timeZone: 'Asia/Ho_Chi_Minh',
      countryCode: 'VN',
      popularity: 80,
    },
  ];
  rows.stations = rows.stations.map((s) =>
    s.id === 11 ? { ...s, names: { en: 'Bangkok Railway Station', 'ar-ae': 'محطة قطار بانكوك' } } : s,
  );
  return buildTimetableIndex(rows);
}

const slugs = (query: string, code = 'en') =>
  typeahead(namedIndex(), query, code)
    .items.filter((i) => i.type === 'place')
    .map((i) => i.slug);

describe('typeahead matching (issue 17: places in every script)', () => {
  it('finds a place by its name in another script and shows it in the asked locale', () => {
    const answer = typeahead(namedIndex(), 'بانكوك', 'ar-ae');
    expect(answer.items[0]).toMatchObject({ slug: 'bangkok', type: 'place', name: 'بانكوك' });
    expect(slugs('曼谷')).toEqual(['bangkok']);
    expect(slugs('Бангк')).toEqual(['bangkok']);
    expect(slugs('กรุงเทพ')).toEqual(['bangkok']);
    expect(slugs('Τσιάνγκ')).toEqual(['chiang-mai']);
  });

  it('shows a station under the name of its place in the asked locale', () => {
    const station = typeahead(namedIndex(), 'بانكوك', 'ar-ae').items.find((i) => i.type === 'station');
    expect(station).toMatchObject({ name: 'محطة قطار بانكوك', place_name: 'بانكوك' });
  });

  it('ignores case and diacritics, including đ, which Unicode does not decompose', () => {
    expect(slugs('BANGKOK')).toEqual(['bangkok']);
    expect(slugs('thanh pho ho chi minh')).toEqual(['ho-chi-minh-city']);
    expect(slugs('Đà Nẵng')).toEqual(['da-nang']);
    expect(slugs('da nang')).toEqual(['da-nang']);
    expect(slugs('Banguecoque')).toEqual(['bangkok']);
  });

  it('matches aliases and other romanisations', () => {
    expect(slugs('saigon')).toEqual(['ho-chi-minh-city']);
    expect(slugs('Sai Gon')).toEqual(['ho-chi-minh-city']);
    expect(slugs('krung thep')).toEqual(['bangkok']);
    expect(slugs('Ko Tao')).toEqual(['koh-tao']);
    expect(typeahead(namedIndex(), 'saigon', 'vi').items[0]?.name).toBe('Thành phố Hồ Chí Minh');
  });

  it('matches a name typed without its spaces or with a hyphen', () => {
    expect(slugs('chiangmai')).toEqual(['chiang-mai']);
    expect(slugs('Chiang-Mai')).toEqual(['chiang-mai']);
  });

  it('treats Arabic and Persian letter variants and hiragana as the same letters', () => {
    // Persian ی/ک against Arabic ي/ك
    expect(slugs('بانكوك')).toContain('bangkok');
    expect(normalizeName('بانکوک')).toBe(normalizeName('بانكوك'));
    expect(normalizeName('إيبوه')).toBe(normalizeName('ايبوه'));
    expect(normalizeName('ばんこく')).toBe(normalizeName('バンコク'));
    expect(slugs('ばんこく')).toEqual(['bangkok']);
  });

  it('keeps its typo tolerance within one script', () => {
    expect(slugs('Bangkik')).toEqual(['bangkok']);
    expect(slugs('Chaing Mai')).toEqual(['chiang-mai']);
    // a three-letter Cyrillic query is not a typo of a Latin name
    expect(slugs('Бнг')).toEqual([]);
  });

  it('prefers a prefix match to a match inside a word', () => {
    expect(slugs('tao')[0]).toBe('koh-tao');
    expect(slugs('ko')[0]).toBe('koh-tao');
  });
});
