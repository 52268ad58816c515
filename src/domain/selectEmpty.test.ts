import { describe, expect, it } from 'vitest';
import { stripIsolates } from './bidi.ts';
import { selectEmptyText } from './selectEmpty.ts';

describe('selectEmptyText (SPEC §9 select empty)', () => {
  it('follows the empty message with the typed query, quoted', () => {
    expect(stripIsolates(selectEmptyText('No destination or rail pass matches', '  Hokk  aido '))).toBe(
      'No destination or rail pass matches «Hokk aido»',
    );
  });

  it('isolates the query so it reads whole in a sentence of the other direction', () => {
    const arabic = selectEmptyText('لا توجد نتائج لـ', 'Kyoto');
    expect(arabic).toBe('لا توجد نتائج لـ \u2068«Kyoto»\u2069');
  });

  it('says the message alone when nothing was typed, and cuts a very long query', () => {
    expect(selectEmptyText('Nothing matches', '   ')).toBe('Nothing matches');
    expect(stripIsolates(selectEmptyText('Nothing matches', 'x'.repeat(80)))).toBe(`Nothing matches «${'x'.repeat(60)}…»`);
  });
});
