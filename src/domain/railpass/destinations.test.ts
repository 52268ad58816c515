import { describe, expect, it } from 'vitest';
import { destinationBySlug, destinationName, RAILPASS_DESTINATIONS } from './destinations.ts';

describe('rail pass destinations', () => {
  it('names one country by Intl in the reader’s language, Europe by its translation', () => {
    const t = (key: string) => (key === 'railpass.destination.europe' ? 'Europa' : key);
    const japan = destinationBySlug('japan');
    if (!japan) throw new Error('no japan');
    expect(destinationName(japan, 'de', t)).toBe('Japan');
    expect(destinationName(japan, 'ar-ae', t)).toBe('اليابان');
    expect(destinationName({ slug: 'europe', code: null }, 'de', t)).toBe('Europa');
    expect(destinationBySlug('thailand')).toBeUndefined();
    expect(new Set(RAILPASS_DESTINATIONS.map((d) => d.slug)).size).toBe(RAILPASS_DESTINATIONS.length);
  });
});
