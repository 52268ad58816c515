import { describe, expect, it } from 'vitest';
import { partnerForm } from './partner.ts';

const form = (trackers: string) =>
  partnerForm.safeParse({
    slug: 'sunny',
    hosts: 'sunny.example',
    theme: 'default',
    logo: '',
    title: 'Sunny Tours',
    translationOverrides: '',
    affiliateId: 'sunny-1',
    trackers,
  });

describe("Admin's partner form: routes recorded in full (trackers)", () => {
  it('takes route names one per line or comma-separated', () => {
    const parsed = form('search-results\npay, support');
    expect(parsed.success && parsed.data.trackers).toEqual(['search-results', 'pay', 'support']);
  });

  it('refuses a name no page carries, naming the field', () => {
    const parsed = form('search-results\ncheckout-page');
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path[0])).toEqual(['trackers']);
  });
});
