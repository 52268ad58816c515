import { describe, expect, it } from 'vitest';
import { ENGLISH, messagesFor } from '../../i18n/messages.ts';
import { createTranslator } from '../../i18n/translate.ts';
import { COOKIE_NAMES } from '../../domain/cookieTable.ts';
import { cookieListHtml } from './cookieList.ts';

describe('the privacy policy cookie list', () => {
  it('has a row per cookie of the table with purpose, lifetime and kind', () => {
    const html = cookieListHtml(createTranslator('en', ENGLISH), 'en');
    expect(html.match(/<tr><th scope="row">/g)).toHaveLength(COOKIE_NAMES.length);
    expect(html).toContain(
      '<code>currency</code></bdi></th><td>Remembers the currency you chose for prices.</td><td>1 year</td><td>Preferences</td>',
    );
    expect(html).toContain('<code>session (__Host-session)</code>');
    expect(html).toContain(
      '<code>checkout_hash</code></bdi></th><td>Remembers which booking you are checking out, so checkout can be opened again.</td><td>1 day</td>',
    );
  });

  it('is written in the page language, lifetimes by Intl', () => {
    const html = cookieListHtml(createTranslator('de', messagesFor('de'), ENGLISH), 'de');
    expect(html).toContain('<section lang="de"');
    expect(html).toContain('<td>1 Jahr</td>');
    expect(html).toContain('<td>30 Tage</td>');
  });
});
