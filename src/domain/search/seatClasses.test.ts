import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/translate.ts';
import { ENGLISH } from '../../i18n/messages.ts';
import { seatClasses } from './seatClasses.ts';
import type { TimetableIndex } from './timetable.ts';

const route = (vehicleClass: string, ...classNames: string[]) =>
  ({ vehicleClass, options: classNames.map((className) => ({ className })) }) as unknown as TimetableIndex['routes'][number];

describe('seatClasses (common data)', () => {
  const routes = [
    route('train', '2nd class seat AC', '1st class sleeper'),
    route('bus', 'VIP 24 seats'),
    route('ferry', '2nd class seat AC'),
  ];

  it('lists each class once by its class_id, with every vehicle class it is sold on', () => {
    const t = createTranslator('en', ENGLISH, ENGLISH);
    expect(seatClasses(routes, 'en', t)).toEqual([
      { id: '1st-class-sleeper', name: '1st class sleeper', vehclasses: ['train'] },
      { id: '2nd-class-seat-ac', name: '2nd class seat AC', vehclasses: ['ferry', 'train'] },
      { id: 'vip-24-seats', name: 'VIP 24 seats', vehclasses: ['bus'] },
    ]);
  });

  it('names a class in the reader’s language while its id stays the same', () => {
    const german = createTranslator('de', { 'tripClass.first_class_sleeper': 'Schlafwagen 1. Klasse' }, ENGLISH);
    const [first] = seatClasses(routes, 'de', german);
    expect(first).toEqual({ id: '1st-class-sleeper', name: 'Schlafwagen 1. Klasse', vehclasses: ['train'] });
  });
});
