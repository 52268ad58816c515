import { describe, expect, it } from 'vitest';
import { breadcrumbList, faqPage, organization, structuredDataProblems } from './structuredData.ts';

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
    expect(structuredDataProblems(organization('Roamly', site, 2012))).toEqual([]);
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
