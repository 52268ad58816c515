/**
 * A round trip on the results page (SPEC §3 round trip state, §5 cart hash rule): the outbound
 * pick goes into a cart, then the return leg is searched with to and from swapped on date2; a
 * rail pass picked instead covers both ways.
 */
import { map } from 'nanostores';
import type { TripsPass } from '../domain/results/passes.ts';
import { EMPTY_STATE } from '../domain/results/queryState.ts';
import type { TravelOption, Trip } from '../domain/search/trips.ts';
import { raiseAjaxFailure } from './ajax.ts';
import { setView } from './resultsView.store.ts';
import { $trips, runSearch, type SearchRequest } from './tripsSearch.store.ts';

export interface RoundTripState {
  leg: 'outbound' | 'return';
  trip: Trip | null;
  /**
   * The rail pass chosen instead of an outbound trip (SPEC §3): a pass covers both directions,
   * so no return leg is searched; the traveller goes on to the pass to buy it.
   */
  pass: TripsPass | null;
  travelOption: TravelOption | null;
  unavailableReason: 'sold_out' | 'no_return' | null;
  showModal: boolean;
  /** The outbound cart: the return trip is added to it (add-to-cart's cartHash). */
  cartHash: string | null;
  outboundTripKey: string | null;
  outboundGodate: string | null;
}

const NO_ROUND_TRIP: RoundTripState = {
  leg: 'outbound',
  trip: null,
  pass: null,
  travelOption: null,
  unavailableReason: null,
  showModal: false,
  cartHash: null,
  outboundTripKey: null,
  outboundGodate: null,
};

export const $roundTrip = map<RoundTripState>(NO_ROUND_TRIP);

export function resetRoundTrip(): void {
  $roundTrip.set(NO_ROUND_TRIP);
}

export function closeRoundTripModal(): void {
  $roundTrip.setKey('showModal', false);
}

/** The cart link of a travel option: passengers and currency go along; the return leg adds the outbound cart. */
export function bookingHref(
  option: TravelOption,
  r: Pick<SearchRequest, 'people' | 'currency' | 'date2'>,
  roundTrip: RoundTripState = $roundTrip.get(),
): string {
  const q = new URLSearchParams({ people: String(r.people), currency: r.currency });
  const { cartHash, leg, travelOption } = roundTrip;
  // What the cards said per person (both legs of a round trip): checkout shows it beside the
  // fare it quotes if the two differ, before anything is held.
  let seen = option.price.minor;
  // SPEC §5: the round-trip cart hash is used only for a search with date2 (or fromRoundTrip).
  if (r.date2 && leg === 'return' && cartHash) {
    q.set('cartHash', cartHash);
    q.set('fromRoundTrip', '1');
    seen += travelOption?.price.minor ?? 0;
  }
  q.set('seen', String(seen));
  return `${option.booking_uri}?${q.toString()}`;
}

/**
 * A rail pass picked from the `railpass` tab of a round-trip search: the round-trip state carries
 * it (and no trip), since the pass covers the way back too. Returns the pass page to go to.
 */
export function choosePass(pass: TripsPass): string {
  $roundTrip.set({ ...NO_ROUND_TRIP, pass });
  return pass.url;
}

/**
 * A round trip's first pick: the outbound trip goes into a cart (add-to-cart answers with a
 * redirect to the cart's checkout page, whose address carries the hash), then the return leg is
 * searched — to and from swapped, on date2.
 */
export async function chooseOutbound(
  trip: Trip,
  option: TravelOption,
  r: SearchRequest,
  fetcher: typeof fetch = (...args) => fetch(...args),
): Promise<void> {
  if (!r.date2) return;
  $roundTrip.set({
    ...NO_ROUND_TRIP,
    trip,
    travelOption: option,
    showModal: true,
    outboundTripKey: trip.key,
    outboundGodate: trip.params.dep_time.slice(0, 10),
  });
  let hash: string | undefined;
  try {
    const response = await fetcher(bookingHref(option, r), { redirect: 'follow' });
    hash = response.ok ? /\/checkout\/([^/?#]+)/.exec(response.url)?.[1] : undefined;
  } catch (error) {
    // No answer at all (offline, dropped): not "sold out" — SPEC §8's generic failure, in the
    // error modal, and the traveller can pick again.
    resetRoundTrip();
    raiseAjaxFailure(error);
    return;
  }
  if (!hash) {
    $roundTrip.setKey('unavailableReason', 'sold_out');
    return;
  }
  $roundTrip.set({ ...$roundTrip.get(), cartHash: hash, leg: 'return' });
  setView({ ...EMPTY_STATE }, 'replace');
  await runSearch({ ...r, fromId: r.toId, toId: r.fromId, date: r.date2, date2: undefined, roundTrip: true }, fetcher);
  if ($trips.get().length === 0) $roundTrip.setKey('unavailableReason', 'no_return');
}
