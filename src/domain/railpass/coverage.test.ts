import { describe, expect, it } from 'vitest';
import { RAILPASS_CATALOGUE } from '../../server/railpass/seed/catalogue.ts';
import { passCoversPlace, passesCovering } from './coverage.ts';

const place = (slug: string, countryCode: string) => ({ slug, countryCode });
const tokyo = place('tokyo', 'JP');
const kyoto = place('kyoto', 'JP');
const osaka = place('osaka', 'JP');
const seoul = place('seoul', 'KR');
const daejeon = place('daejeon', 'KR');
const busan = place('busan', 'KR');
const bangkok = place('bangkok', 'TH');
const catalogue = RAILPASS_CATALOGUE.map((p) => ({ ...p, rating: null, reviewCount: 0 }));
const slugsBetween = (a: typeof tokyo, b: typeof tokyo) => passesCovering(catalogue, a, b).map((p) => p.slug);

describe('passes covering a trip (issue 21, passes among trips)', () => {
  it('offers the nationwide Japan Rail Pass from Tokyo to Kyoto, but no Kansai-only or JR East pass', () => {
    const slugs = slugsBetween(tokyo, kyoto);
    expect(slugs).toContain('japan-rail-pass-7-days');
    expect(slugs).toContain('japan-rail-pass-21-days');
    expect(slugs.some((s) => s.startsWith('kansai'))).toBe(false);
    expect(slugs.some((s) => s.startsWith('hokkaido') || s.startsWith('jr-east'))).toBe(false);
  });

  it('offers the Kansai passes inside Kansai (Kyoto to Osaka)', () => {
    const slugs = slugsBetween(kyoto, osaka);
    expect(slugs).toContain('kansai-area-pass-1-day');
    expect(slugs).toContain('kansai-wide-area-pass-5-days');
    expect(slugs).toContain('japan-rail-pass-7-days');
  });

  it('covers a place in no listed region with every pass of its country (Daejeon)', () => {
    const korea = slugsBetween(seoul, busan);
    expect(korea.length).toBeGreaterThan(0);
    expect(slugsBetween(seoul, daejeon)).toEqual(korea);
  });

  it('offers nothing where no pass is valid, or across countries no one pass covers', () => {
    expect(slugsBetween(bangkok, place('chiang-mai', 'TH'))).toEqual([]);
    expect(slugsBetween(tokyo, seoul)).toEqual([]);
    const jrPass = catalogue.find((p) => p.slug === 'japan-rail-pass-7-days');
    expect(jrPass && passCoversPlace(jrPass, bangkok)).toBe(false);
  });

  it('lists the most popular pass first', () => {
    const found = passesCovering(catalogue, tokyo, kyoto);
    for (let i = 1; i < found.length; i++) expect((found[i - 1]?.popularity ?? 0) >= (found[i]?.popularity ?? 0)).toBe(true);
  });
});
