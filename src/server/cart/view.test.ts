import { describe, expect, it } from 'vitest';
import { driverName } from './view.ts';

describe('driverName (issue 17: the name a driver reads)', () => {
  it('gives the local-language name with the Latin one', () => {
    expect(driverName({ en: 'Chiang Mai Railway Station', th: 'สถานีรถไฟเชียงใหม่', 'ar-ae': 'محطة قطار تشيانغ ماي' }, 'TH')).toBe(
      'สถานีรถไฟเชียงใหม่ (Chiang Mai Railway Station)',
    );
    expect(driverName({ en: 'Phnom Penh Railway Station', km: 'ស្ថានីយ៍រថភ្លើងភ្នំពេញ' }, 'KH')).toBe(
      'ស្ថានីយ៍រថភ្លើងភ្នំពេញ (Phnom Penh Railway Station)',
    );
  });

  it('gives the Latin name alone where that is what the signs say', () => {
    expect(driverName({ en: 'Da Nang Station', vi: 'Da Nang Station' }, 'VN')).toBe('Da Nang Station');
    expect(driverName({ en: 'Changi Airport', 'zh-CN': '樟宜机场' }, 'SG')).toBe('Changi Airport');
    expect(driverName({ en: 'Somewhere' }, undefined)).toBe('Somewhere');
  });
});
