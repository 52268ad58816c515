import { describe, expect, it } from 'vitest';
import { featureAllowed, isBotUserAgent } from './bots.ts';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('bots (SPEC §1)', () => {
  it('recognises crawlers and not browsers', () => {
    expect(isBotUserAgent(GOOGLEBOT)).toBe(true);
    expect(isBotUserAgent(CHROME)).toBe(false);
  });

  it.each(['analytics', 'chat', 'gallery', 'map', 'markdownActions'] as const)('withholds %s from bots only', (feature) => {
    expect(featureAllowed(feature, GOOGLEBOT)).toBe(false);
    expect(featureAllowed(feature, CHROME)).toBe(true);
  });
});
