import { describe, expect, it } from 'vitest';
import { article, breadcrumbList, faqPage, organization, structuredDataProblems, structuredDataUrls, webSite } from './structuredData.ts';

const site = new URL('https://roamly.example');

describe('structured data builders', () => {
  it('numbers breadcrumb items from 1 with absolute URLs', () => {
    const list = breadcrumbList(
      [
        { name: 'Home', path: '/en' },
        { name: 'Help', path: '/en/support' },
      ],
      site,
    );
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://roamly.example/en' },
      { '@type': 'ListItem', position: 2, name: 'Help', item: 'https://roamly.example/en/support' },
    ]);
    expect(structuredDataProblems(list)).toEqual([]);
  });

  it('builds a valid FAQPage and Organization', () => {
    expect(structuredDataProblems(faqPage([{ question: 'Q?', answer: 'A.' }]))).toEqual([]);
    expect(structuredDataProblems(organization('Roamly', site, 2012, '/en'))).toEqual([]);
    expect(organization('Roamly', site, 2012, '/en')).toMatchObject({
      url: 'https://roamly.example/en',
      logo: 'https://roamly.example/icon-512.png',
    });
  });

  it('builds a WebSite whose SearchAction searches the help centre', () => {
    const home = webSite({ name: 'Roamly', site, homePath: '/ar', searchPath: '/ar/support', inLanguage: 'ar-ae' });
    expect(structuredDataProblems(home)).toEqual([]);
    expect(home.potentialAction).toMatchObject({
      target: { urlTemplate: 'https://roamly.example/ar/support?q={search_term_string}' },
      'query-input': 'required name=search_term_string',
    });
  });

  it('builds an Article with image, dates, author and a publisher at a page that answers', () => {
    const guide = article({
      headline: 'Bangkok to Koh Tao',
      description: 'By bus and ferry.',
      url: new URL('/en/travel-guides/bangkok-to-koh-tao', site),
      datePublished: new Date('2026-03-01'),
      dateModified: new Date('2026-10-01'),
      inLanguage: 'en',
      publisher: 'Roamly',
      homePath: '/en',
    });
    expect(structuredDataProblems(guide)).toEqual([]);
    expect(structuredDataUrls(guide)).not.toContain('https://roamly.example/');
  });
});

describe('structuredDataProblems', () => {
  it('finds a missing required property deep inside', () => {
    const bad = { '@type': 'FAQPage', mainEntity: [{ '@type': 'Question', name: 'Q?', acceptedAnswer: { '@type': 'Answer' } }] };
    expect(structuredDataProblems(bad)).toEqual(['mainEntity.0.acceptedAnswer: missing text']);
  });

  it('treats an empty list as missing', () => {
    expect(structuredDataProblems({ '@type': 'FAQPage', mainEntity: [] })).toEqual(['FAQPage: missing mainEntity']);
  });
});

describe('value forms', () => {
  it('refuses relative URLs, non-ISO dates and times without an offset', () => {
    expect(structuredDataProblems({ '@type': 'Organization', name: 'X', url: '/en', logo: 'https://x.example/l.png' })).toEqual([
      'Organization: url is not an absolute URL: /en',
    ]);
    expect(structuredDataProblems({ '@type': 'BusTrip', name: 'X', provider: 'p', offers: [1], departureTime: '07:30' })).toEqual([
      'BusTrip: departureTime is neither a DateTime nor a Time with offset: 07:30',
    ]);
    expect(structuredDataProblems({ '@type': 'BusTrip', name: 'X', provider: 'p', offers: [1], departureTime: '07:30:00+07:00' })).toEqual(
      [],
    );
    expect(structuredDataProblems({ '@type': 'Review', author: 'a', reviewRating: 1, datePublished: '1 Dec 2026' })).toEqual([
      'Review: datePublished is not an ISO 8601 date: 1 Dec 2026',
    ]);
  });
});
