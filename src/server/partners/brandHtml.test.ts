import { describe, expect, it } from 'vitest';
import type { Partner } from './partner.ts';
import { brandHtml } from './brandHtml.ts';

/** The parts of a built page brandHtml edits, as Layout, HeaderLogo and BackButton render them. */
const PAGE = `<!doctype html><html lang="en" dir="ltr" data-route="home"><head><meta charset="utf-8"><title>Bangkok to Phuket | Roamly</title></head>
<body><header><a class="site-header__logo" href="/en" aria-label="Roamly home page" data-brand-logo data-lang="en" data-default-name="Roamly" data-config="{&quot;disableLogoUrl&quot;:false}" data-label="[name] home page"><svg class="site-header__mark" aria-hidden="true" width="28" height="28" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="currentColor"></circle></svg><span class="site-header__name">Roamly</span></a>
<a class="back-button" href="/en" hidden data-back-button data-route="home" data-lang="en" data-hide="false"><span>Back</span></a></header>
<main><button type="submit">
  Search
</button><input aria-label="Search" placeholder="From"><p>Search anywhere</p></main></body></html>`;

const MESSAGES = { 'search.submit': 'Search', 'search.from': 'From', 'home.title': 'Welcome, [name]' };

function partner(overrides: Partial<Partner>): Partner {
  return {
    id: 1,
    slug: 'sunny',
    hosts: ['sunny.example'],
    theme: 'blue',
    logo: null,
    title: 'Sunny Tours',
    translationOverrides: {},
    affiliateId: 'sunny-1',
    hideBackButton: false,
    disableLogoUrl: false,
    trackers: [],
    updatedAt: new Date(0),
    ...overrides,
  };
}

const brand = (p: Partner, localeCode = 'en') => brandHtml(PAGE, { partner: p, localeCode, messages: MESSAGES, siteName: 'Roamly' });

describe('a built page on a partner host', () => {
  it('takes the partner theme, title and logo', () => {
    const html = brand(partner({ theme: 'cranberry', logo: 'https://cdn.example/sunny.svg' }));
    expect(html).toContain('<html lang="en" dir="ltr" data-route="home" data-theme="cranberry">');
    expect(html).toContain('<title>Bangkok to Phuket | Sunny Tours</title>');
    expect(html).toContain('<img class="site-header__image" src="https://cdn.example/sunny.svg"');
    expect(html).toContain('aria-label="Sunny Tours home page"');
    expect(html).toContain('<span class="site-header__name">Sunny Tours</span>');
    expect(html).not.toContain('site-header__mark');
    expect(html).toContain('data-brand-source="white-label"');
  });

  it('marks the routes the partner records in full for the analytics collector, and nothing for a partner that records none', () => {
    expect(brand(partner({ trackers: ['search-results', 'pay'] }))).toContain(
      '<html lang="en" dir="ltr" data-route="home" data-theme="blue" data-recorded-routes="search-results pay">',
    );
    expect(brand(partner({}))).not.toContain('data-recorded-routes');
  });

  it('gives two partners two looks from one page', () => {
    const a = brand(partner({ theme: 'blue', title: 'Alpha' }));
    const b = brand(partner({ id: 2, theme: 'green', title: 'Beta', disableLogoUrl: true }));
    expect(a).toContain('data-theme="blue"');
    expect(b).toContain('data-theme="green"');
    expect(a).toContain('<a class="site-header__logo" href="/en"');
    // disableLogoUrl: the logo is no link.
    expect(b).toMatch(/<span class="site-header__logo"(?![^>]*href)[^>]*>/);
    expect(b).toContain('>Beta</span></span>');
  });

  it('says the partner words where the locale text stood, in text and attributes, not inside other text', () => {
    const html = brand(
      partner({ translationOverrides: { '*': { 'search.submit': 'Find trips' }, de: { 'search.submit': 'Fahrten finden' } } }),
    );
    expect(html).toMatch(/<button type="submit">\s*Find trips\s*<\/button>/);
    expect(html).toContain('aria-label="Find trips"');
    expect(html).toContain('<p>Search anywhere</p>');
    // The locale's own override wins over `*`.
    expect(
      brand(partner({ translationOverrides: { '*': { 'search.submit': 'Find trips' }, de: { 'search.submit': 'Fahrten finden' } } }), 'de'),
    ).toContain('Fahrten finden');
  });

  it('escapes what Admin typed and leaves messages with placeholders alone', () => {
    const html = brand(partner({ title: 'A <b>&</b>', translationOverrides: { '*': { 'home.title': 'Hi', 'search.from': '"x"' } } }));
    expect(html).toContain('<title>Bangkok to Phuket | A &lt;b&gt;&amp;&lt;/b&gt;</title>');
    expect(html).toContain('placeholder="&quot;x&quot;"');
    expect(html).not.toContain('<b>');
  });

  it('hides the back button when the partner says so, and keeps the site look for the default theme', () => {
    expect(brand(partner({ hideBackButton: true }))).toContain('data-hide="true"');
    expect(brand(partner({ hideBackButton: false }))).toContain('data-hide="false"');
    expect(brand(partner({ theme: 'default' }))).not.toContain('data-theme');
  });
});
