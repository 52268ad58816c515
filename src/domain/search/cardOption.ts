/**
 * Which class a trip card shows and books (issue 17: the price on the card is the price you
 * pay). Tiny and free of the index on purpose: the results island and its worker import it.
 */
import type { TravelOption } from './trips.ts';

/**
 * The classes a traveller can book now, cheapest first (ties keep the operator's order). The
 * card shows the first and books it unless the traveller picks another.
 */
export function bookableOptions(options: readonly TravelOption[]): TravelOption[] {
  return options.filter((o) => o.bookable === 1).sort((a, b) => a.price.minor - b.price.minor);
}

/** The class a card shows and books by default: the cheapest bookable one, else (sold out) the cheapest. */
export function cardOption(options: readonly TravelOption[]): TravelOption | undefined {
  return (
    bookableOptions(options)[0] ??
    options.reduce<TravelOption | undefined>((best, o) => (!best || o.price.minor < best.price.minor ? o : best), undefined)
  );
}
