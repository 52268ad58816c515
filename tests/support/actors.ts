/** The actors tests change bookings as (every booking change names one: src/domain/booking/actor.ts). */
import type { ChangeContext } from '../../src/domain/booking/actor.ts';

export const GUEST: ChangeContext & { actor: { kind: 'traveller'; userId: null } } = { actor: { kind: 'traveller', userId: null } };

export function staff(userId: number): ChangeContext & { actor: { kind: 'staff'; userId: number } } {
  return { actor: { kind: 'staff', userId }, reason: 'test' };
}
