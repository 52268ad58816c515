import { describe, expect, it } from 'vitest';
import { categoryKey, guideSchema, supportArticleSchema, titlesSchema } from './schemas.ts';

const article = {
  title: 'I was charged twice',
  summary: 'Why your statement can show two payments for one booking.',
  category: 'payment-and-refund',
  path: 'payment-and-refund/double-charge',
  updated: '2026-10-01',
};

describe('supportArticleSchema', () => {
  it('accepts a complete article and fills the defaults', () => {
    const parsed = supportArticleSchema.parse(article);
    expect(parsed.faq).toBe(false);
    expect(parsed.order).toBe(100);
    expect(parsed.updated).toBeInstanceOf(Date);
  });

  it('rejects an unknown category, a one-level path and unknown fields', () => {
    expect(supportArticleSchema.safeParse({ ...article, category: 'misc' }).success).toBe(false);
    expect(supportArticleSchema.safeParse({ ...article, path: 'double-charge' }).success).toBe(false);
    expect(supportArticleSchema.safeParse({ ...article, author: 'me' }).success).toBe(false);
  });

  it('rejects a summary too short to describe the page', () => {
    expect(supportArticleSchema.safeParse({ ...article, summary: 'Short' }).success).toBe(false);
  });
});

describe('guideSchema', () => {
  const guide = {
    title: 'Bangkok to Koh Tao',
    summary: 'Three ways to reach Koh Tao from Bangkok.',
    places: ['bangkok', 'koh-tao'],
    vehicleClasses: ['bus', 'ferry'],
    published: '2026-09-01',
    updated: '2026-10-01',
    order: 1,
  };
  it('accepts a guide', () => {
    expect(guideSchema.safeParse(guide).success).toBe(true);
  });
  it('rejects place slugs that are not URL slugs and unknown vehicle classes', () => {
    expect(guideSchema.safeParse({ ...guide, places: ['Koh Tao'] }).success).toBe(false);
    expect(guideSchema.safeParse({ ...guide, vehicleClasses: ['rocket'] }).success).toBe(false);
  });
  it('requires a publication date no later than the last update', () => {
    expect(guideSchema.safeParse({ ...guide, published: undefined }).success).toBe(false);
    expect(guideSchema.safeParse({ ...guide, published: '2026-11-01' }).success).toBe(false);
  });
});

describe('titlesSchema', () => {
  it('requires all three sections', () => {
    expect(titlesSchema.safeParse({ guides: {}, support: {} }).success).toBe(false);
    expect(titlesSchema.safeParse({ guides: {}, support: {}, pages: {} }).success).toBe(true);
  });
});

describe('categoryKey', () => {
  it('turns hyphenated categories into translation key words', () => {
    expect(categoryKey('payment-and-refund')).toBe('paymentAndRefund');
    expect(categoryKey('review')).toBe('review');
  });
});
