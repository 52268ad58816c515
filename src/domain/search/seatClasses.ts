/**
 * SPEC §3 common data `classes` beside the vehicle classes: the seat classes the network sells
 * ("1st class sleeper", "VIP 24 seats"…), each once, by the `class_id` travel options carry, named
 * in the reader's language, with the vehicle classes it is sold on. An app reads a trip's
 * `class_id` and finds the class's name and kind here without a search in every language.
 */
import type { Translate } from '../../i18n/translate.ts';
import { classId, localClassName } from './classNames.ts';
import type { TimetableIndex } from './timetable.ts';

export interface SeatClass {
  id: string;
  name: string;
  vehclasses: string[];
}

export function seatClasses(routes: TimetableIndex['routes'], code: string, t: Translate): SeatClass[] {
  const byId = new Map<string, { name: string; vehclasses: Set<string> }>();
  for (const route of routes) {
    for (const option of route.options) {
      const id = classId(option.className);
      const entry = byId.get(id) ?? { name: option.className, vehclasses: new Set<string>() };
      entry.vehclasses.add(route.vehicleClass);
      byId.set(id, entry);
    }
  }
  return [...byId.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, e]) => ({ id, name: localClassName(e.name, code, t), vehclasses: [...e.vehclasses].sort() }));
}
