/**
 * The vehicles the seed gives operators that assign seats (issue 27): day and sleeper trains,
 * VIP and sleeper coaches, ferry lounges and speedboats, aircraft. Each is big enough for every
 * class the seed sells in it (`capacityOf` ≥ seats per departure; the seed checks).
 */
import type { LayoutDeck } from './layout.ts';

export interface VehicleLayout {
  code: string;
  name: string;
  decks: LayoutDeck[];
}

export const VEHICLE_LAYOUTS = [
  {
    code: 'train-coach-2x2',
    name: 'Train coach, 2+2 seats',
    decks: [{ deck: 'main', kind: 'seat', firstRow: 1, rows: 18, pattern: 'AB_CD' }],
  },
  {
    code: 'train-sleeper',
    name: 'Sleeper car, lower and upper berths',
    decks: [
      { deck: 'lower', kind: 'berth', firstRow: 1, rows: 20, pattern: 'A_B' },
      { deck: 'upper', kind: 'berth', firstRow: 21, rows: 20, pattern: 'A_B' },
    ],
  },
  { code: 'coach-vip-1x2', name: 'VIP coach, 1+2 seats', decks: [{ deck: 'main', kind: 'seat', firstRow: 1, rows: 11, pattern: 'A_BC' }] },
  {
    code: 'coach-sleeper',
    name: 'Sleeper coach, two decks of berths',
    decks: [
      { deck: 'lower', kind: 'berth', firstRow: 1, rows: 7, pattern: 'A_B_C' },
      { deck: 'upper', kind: 'berth', firstRow: 8, rows: 7, pattern: 'A_B_C' },
    ],
  },
  {
    code: 'boat-lounge-3x3',
    name: 'Ferry lounge, 3+3 seats',
    decks: [{ deck: 'main', kind: 'seat', firstRow: 1, rows: 10, pattern: 'ABC_DEF' }],
  },
  {
    code: 'plane-3x3',
    name: 'Single-aisle aircraft, 3+3 seats',
    decks: [{ deck: 'main', kind: 'seat', firstRow: 1, rows: 30, pattern: 'ABC_DEF' }],
  },
  {
    code: 'plane-business-2x2',
    name: 'Business cabin, 2+2 seats',
    decks: [{ deck: 'main', kind: 'seat', firstRow: 1, rows: 4, pattern: 'AB_CD' }],
  },
] as const satisfies readonly VehicleLayout[];

export type VehicleLayoutCode = (typeof VEHICLE_LAYOUTS)[number]['code'];
