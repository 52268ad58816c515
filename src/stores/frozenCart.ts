/**
 * SPEC §3 "frozen cart" in the browser: a frozen cart keeps the prices it was quoted whatever the
 * fares do (src/server/cart/cart.ts freezeCart), so its class cannot be changed and its total is
 * final. The server writes the `frozen_cart` cookie with the cart's hash when it freezes a cart or
 * renders the checkout of a frozen one, and removes it when the checkout's cart is not frozen; the
 * checkout's scripts read it here for the cart they show (a cookie for another cart says nothing).
 */
import { readCookie } from './readCookie.ts';

export const FROZEN_CART_COOKIE = 'frozen_cart';

/** Whether the cart with this hash is frozen, as the cookie says. */
export function isCartFrozen(hash: string, cookieValue: string | undefined = readCookie(FROZEN_CART_COOKIE)): boolean {
  return hash !== '' && cookieValue === hash;
}
