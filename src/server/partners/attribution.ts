/**
 * Which partner and affiliate a cart is credited to (issue 25): the partner whose host the visitor
 * is on, and the affiliate id of the visitor's first visit to it (the `affiliate_id` cookie, set by
 * the partner middleware once and never overwritten). Copied from the cart to its booking by a
 * database trigger (migration partners_booking_attribution), so every way of booking carries it.
 */
import { z } from 'zod';
import type { CookieName } from '../../domain/cookieTable.ts';
import type { Partner } from './partner.ts';

export const AFFILIATE_COOKIE = 'affiliate_id' satisfies CookieName;

const affiliateIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export interface Attribution {
  partnerId: number | null;
  affiliateId: string | null;
}

interface CookieReader {
  get(name: string): { value: string } | undefined;
}

export function attributionOf(cookies: CookieReader, partner: Partner | undefined): Attribution {
  const fromCookie = affiliateIdSchema.safeParse(cookies.get(AFFILIATE_COOKIE)?.value);
  return {
    partnerId: partner?.id ?? null,
    affiliateId: fromCookie.success ? fromCookie.data : (partner?.affiliateId ?? null),
  };
}
