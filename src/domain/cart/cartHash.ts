/** A cart's public key in URLs and API calls: random, url-safe, 16–64 characters. */
import { z } from 'zod';

export const cartHashSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'invalid_cart_hash');
/** `?hash=` (or a body `{ hash }`): parsed as an object so that a refusal names the field. */
export const cartHashQuery = z.object({ hash: cartHashSchema });
