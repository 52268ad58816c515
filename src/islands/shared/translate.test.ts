import { describe, expect, it } from 'vitest';
import { compileMessages } from '../../i18n/compileMessages.ts';
import { islandTranslator } from './translate.ts';

describe('islandTranslator', () => {
  // Real keys (t is typed over the English keys) with messages written for the test.
  const messages = compileMessages({
    'results.tripsFound': 'من [from] إلى [to]',
    'results.title': '[n] رحلات',
    'checkout.title': 'From [from]',
    'station.perWeek': '{count, plural, one {# departure a week} other {# departures a week}}',
    'results.fact.cheapest_day': '{count, plural, one {# رحلة من {place}} other {# رحلات من {place}}}',
  });

  it('isolates Latin and numeric values in a right-to-left locale (code or URL segment)', () => {
    for (const locale of ['ar-ae', 'ar']) {
      const t = islandTranslator(messages, locale);
      expect(t('results.tripsFound', { from: 'Mo Chit 2 (Chatuchak)', to: 'بانكوك' })).toBe(
        'من \u2068Mo Chit 2 (Chatuchak)\u2069 إلى بانكوك',
      );
      expect(t('results.title', { n: 3 })).toBe('3 رحلات'); // numbers are left as they are
    }
  });

  it('leaves left-to-right text untouched', () => {
    expect(islandTranslator(messages)('checkout.title', { from: 'Mo Chit 2' })).toBe('From Mo Chit 2');
    expect(islandTranslator(messages, 'de')('checkout.title', { from: 'Mo Chit 2' })).toBe('From Mo Chit 2');
  });

  it('formats ICU plurals from the compiled message, with the locale’s plural rules', () => {
    expect(Array.isArray(messages['station.perWeek'])).toBe(true); // compiled on the server, not parsed here
    const en = islandTranslator(messages, 'en');
    expect(en('station.perWeek', { count: 1 })).toBe('1 departure a week');
    expect(en('station.perWeek', { count: 12 })).toBe('12 departures a week');
    const ru = islandTranslator(
      compileMessages({
        'station.perWeek': '{count, plural, one {# отправление} few {# отправления} many {# отправлений} other {# отправления}}',
      }),
      'ru',
    );
    expect(ru('station.perWeek', { count: 5 })).toBe('5 отправлений');
    expect(ru('station.perWeek', { count: 22 })).toBe('22 отправления');
  });

  it('isolates an ICU message’s shown arguments in right-to-left text, never the plural’s number', () => {
    const ar = islandTranslator(messages, 'ar-ae');
    expect(ar('results.fact.cheapest_day', { count: 3, place: 'Bangkok' })).toBe('3 رحلات من \u2068Bangkok\u2069');
  });

  it('shows the key when the island was not given the message', () => {
    expect(islandTranslator({})('results.sortBy')).toBe('results.sortBy');
  });
});
