/** Reading accounts and the user shape the API returns (SPEC §3 User). */
import { and, eq, isNull } from 'drizzle-orm';
import { moneyOf, type Money } from '../../domain/search/money.ts';
import { users } from '../db/schema.ts';
import type { AccountsDeps } from './deps.ts';
import type { UserRow } from './sessions.ts';

export interface UserDto {
  id: number;
  ip: string | null;
  email: string | null;
  name: string;
  isStaff: boolean;
  isAdmin: boolean;
  role: UserRow['role'];
  isTemp: boolean;
  countryId: string | null;
  balance: Money;
  twoFactor: boolean;
}

export function userDto(user: UserRow, options: { isTemp: boolean; ip: string | null }): UserDto {
  return {
    id: user.id,
    ip: options.ip,
    email: user.email,
    name: user.name,
    isStaff: user.isStaff,
    isAdmin: user.isAdmin,
    role: user.role,
    isTemp: options.isTemp,
    countryId: user.countryCode,
    balance: moneyOf(user.balanceMinor, user.balanceCurrency),
    twoFactor: user.totpEnabledAt !== null,
  };
}

export async function userByEmail(deps: AccountsDeps, email: string): Promise<UserRow | null> {
  const [row] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function userById(deps: AccountsDeps, id: number): Promise<UserRow | null> {
  const [row] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}
