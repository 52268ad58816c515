/**
 * The product kinds this server sells, by `kind`: the built-in ones (departure seats and rail
 * passes) from the first import, so no start-up order can leave a sold kind unknown; others are
 * registered by the module that defines them (add-ons); tests register their own. A cart line
 * whose kind is not registered cannot be quoted or held (`unknown_product`).
 */
import { railpassProduct } from '../railpass/product.ts';
import { departureSeat } from './departureSeat.ts';
import type { CartProduct, ProductQuote } from './product.ts';

type AnyProduct = CartProduct;

const BUILT_IN: readonly AnyProduct[] = [departureSeat, railpassProduct];
const products = new Map<string, AnyProduct>(BUILT_IN.map((p) => [p.kind, p]));

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
  if (!BUILT_IN.some((p) => p.kind === kind)) products.delete(kind);
}
