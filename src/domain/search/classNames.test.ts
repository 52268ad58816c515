import { describe, expect, it } from 'vitest';
import { messagesFor } from '../../i18n/messages.ts';
import { createTranslator, type Translate } from '../../i18n/translate.ts';
import { classId, classNameParts, localClassName, withLocalClassNames } from './classNames.ts';

const inLocale = (name: string, code: Parameters<typeof messagesFor>[0]) =>
  localClassName(name, code, createTranslator(code, messagesFor(code)));

describe('class names in the traveller’s language (issue 17)', () => {
  it('translates the known class names', () => {
    expect(inLocale('1st class sleeper', 'ar-ae')).toBe('مقصورة نوم الدرجة الأولى');
    expect(inLocale('Economy', 'ja')).toBe('エコノミー');
    expect(inLocale('Economy deck', 'de')).toBe('Economy-Deck');
    expect(inLocale('2nd class seat AC', 'th')).toBe('ที่นั่งชั้น 2 ปรับอากาศ');
  });

  it('formats seat, berth and passenger counts with the locale’s plural rules', () => {
    expect(inLocale('VIP 24 seats', 'ru')).toBe('VIP (24 места)');
    expect(inLocale('Standard 45 seats', 'ru')).toBe('Стандарт (45 мест)');
    expect(inLocale('Sleeper 40 berths', 'pl')).toBe('Miejsca leżące (40 miejsc leżących)');
    expect(inLocale('Private sedan (3 pax)', 'fr')).toBe('Berline privée (3 passagers)');
    expect(inLocale('Minivan 13 seats', 'ar-ae')).toBe('حافلة صغيرة (13 مقعدًا)');
  });

  it('shows English and an operator’s own class names as written', () => {
    expect(inLocale('2nd class seat AC', 'en')).toBe('2nd class seat AC');
    expect(inLocale('Royal Orchid Lounge', 'ar-ae')).toBe('Royal Orchid Lounge');
    expect(classNameParts('Royal Orchid 12 seats')).toBeNull();
  });

  it('translates each class of a connection', () => {
    expect(inLocale('3rd class seat + Speedboat', 'es')).toBe('Asiento de tercera + Lancha rápida');
  });

  it('knows every class name the seed gives its operators', () => {
    const seedNames = [
      '1st class 32 seats',
      '1st class seat',
      '1st class sleeper',
      '2nd class seat AC',
      '2nd class seat',
      '2nd class sleeper AC',
      '3rd class seat',
      'AC coach seat',
      'Business class',
      'Business',
      'Couchette',
      'Economy 40 seats',
      'Economy class',
      'Economy deck',
      'Economy',
      'Executive 30 seats',
      'Executive',
      'Express 32 seats',
      'First class sleeper',
      'Hard seat',
      'Hard sleeper 6-berth',
      'Hard sleeper',
      'Limousine 9 seats',
      'Luxury sleeper',
      'Minivan 13 seats',
      'Premium shuttle 9 seats',
      'Private SUV (6 pax)',
      'Private sedan (3 pax)',
      'Seater 45 seats',
      'Shuttle 10 seats',
      'Sleeper 40 berths',
      'Sleeper',
      'Soft seat AC',
      'Soft sleeper 4-berth',
      'Soft sleeper',
      'Speedboat',
      'Standard 40 seats',
      'Standard seat',
      'Standard sleeper',
      'Super executive 24 seats',
      'VIP 24 seats',
      'VIP cabin 24 berths',
      'VIP lounge',
      'VIP sleeper 30 berths',
      'VIP van 9 seats',
    ];
    for (const name of seedNames) expect(classNameParts(name), name).not.toBeNull();
  });
});

describe('withLocalClassNames', () => {
  it('names every class of every trip in the locale and changes nothing else', () => {
    const arabic: Translate = (key, values) =>
      key === 'tripClass.economy' ? 'الدرجة الاقتصادية' : `${key}${values ? JSON.stringify(values) : ''}`;
    const trips = [{ key: 'a', travel_options: [{ id: '1', class: 'Economy', price: 100 }] }];
    const [trip] = withLocalClassNames(trips, 'ar-ae', arabic);
    expect(trip?.travel_options[0]).toEqual({ id: '1', class: arabic('tripClass.economy'), price: 100 });
    expect(trips[0]?.travel_options[0]?.class).toBe('Economy');
    expect(withLocalClassNames(trips, 'en', arabic)[0]?.travel_options[0]?.class).toBe('Economy');
  });
});

describe('class id (SPEC §3 travel option class id)', () => {
  it('is the same in every language while the name is translated', () => {
    expect(classId('VIP 24 seats')).toBe('vip-24-seats');
    expect(classId('2nd class seat AC + Speedboat')).toBe('2nd-class-seat-ac+speedboat');
    const trips = [{ key: 'a', travel_options: [{ id: '1', class: 'Economy', class_id: classId('Economy') }] }];
    const arabic = createTranslator('ar-ae', messagesFor('ar-ae'));
    const translated = withLocalClassNames(trips, 'ar-ae', arabic)[0]?.travel_options[0];
    expect(translated?.class).not.toBe('Economy');
    expect(translated?.class_id).toBe('economy');
  });
});
