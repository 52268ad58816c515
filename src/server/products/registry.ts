/**
 * The product kinds this server sells, by `kind`: departure seats always; others are registered
 * once at start-up by the module that defines them (rail passes, add-ons); tests register their
 * own. A cart line whose kind is not registered cannot be quoted or held (`unknown_product`).
 */
import { departureSeat } from './departureSeat.ts';
import type { CartProduct, ProductQuote } from './product.ts';

type AnyProduct = CartProduct;

const products = new Map<string, AnyProduct>([[departureSeat.kind, departureSeat]]);

export function registerProduct<Line, Quote extends ProductQuote>(product: CartProduct<Line, Quote>): void {
  const known = products.get(product.kind);
  if (known && known !== (product as unknown as AnyProduct)) throw new Error(`product kind ${product.kind} is registered twice`);
  products.set(product.kind, product);
}

export function productOf(kind: string): AnyProduct | undefined {
  return products.get(kind);
}

/** Test-only: forget a kind a test registered. */
export function unregisterProduct(kind: string): void {
  if (kind !== departureSeat.kind) products.delete(kind);
}
