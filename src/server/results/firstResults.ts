/**
 * The first trip cards of a results page rendered on request: the same search the island runs
 * (src/server/search/api.ts answers it with the same domain `search`), worked out into the
 * island's first view (src/domain/results/firstView.ts) so the cards paint before any script.
 */
import { firstView, type ResultsFirstView } from '../../domain/results/firstView.ts';
import { makeProductList } from '../../domain/results/listWork.ts';
import type { PageSearchRequest } from '../../domain/results/pageSearch.ts';
import { parseResultsState } from '../../domain/results/queryState.ts';
import { factsOnDates } from '../../domain/search/facts.ts';
import { withLocalClassNames } from '../../domain/search/classNames.ts';
import { resolveEndpoint, search } from '../../domain/search/search.ts';
import type { TimetableIndex } from '../../domain/search/timetable.ts';
import { includesRailPasses, parseClassFilter } from '../../domain/search/vehicleClasses.ts';
import { translatorFor } from '../content/translator.ts';
import { passesBetween } from '../railpass/results.ts';
import { resolveRef } from '../search/params.ts';

export function firstResults(input: {
  index: TimetableIndex;
  request: PageSearchRequest;
  /** The query of the page: the tab, filters and sort it asks for. */
  query: URLSearchParams;
  /** BCP 47 code for names; the URL segment for the cart links. */
  code: string;
  segment: string;
  currency: string;
  now: number;
}): ResultsFirstView | undefined {
  const { index, request } = input;
  const from = resolveRef(index, request.fromId, undefined);
  const to = resolveRef(index, request.toId, undefined);
  const classes = parseClassFilter(request.vehclasses);
  if (!from || !to || classes === undefined) return undefined;
  const result = search(index, {
    from,
    to,
    date: request.date,
    people: request.people,
    classes,
    currency: input.currency,
    now: input.now,
    bookingBase: `/${input.segment}/add-to-cart/`,
    // The outbound leg of a round trip: prices as the island's search shows them (round-trip discount).
    roundTrip: request.date2 !== undefined,
  });
  let facts: ReturnType<typeof factsOnDates> = [];
  try {
    facts = factsOnDates(index, { from, to, date: request.date, people: request.people, currency: input.currency, now: input.now });
  } catch {
    // Facts are decoration (SPEC §8), as in the API: none rather than no page.
  }
  // The passes the search answers beside the trips (src/server/search/api.ts does the same).
  const fromPlace = resolveEndpoint(index, from)?.place;
  const toPlace = resolveEndpoint(index, to)?.place;
  const passes =
    fromPlace && toPlace && includesRailPasses(classes)
      ? passesBetween(index.railpasses?.passes ?? [], fromPlace, toPlace, {
          currency: result.currency,
          fx: index.fx,
          localeCode: input.code,
          segment: input.segment,
          t: translatorFor(input.code),
        })
      : [];
  return firstView({
    passes,
    // Class names as the search answer names them, so the island takes over the same cards.
    trips: makeProductList(withLocalClassNames(result.trips, input.code, translatorFor(input.code))),
    view: parseResultsState(input.query),
    facts,
    currency: input.currency,
    stationName: (id) => {
      const station = index.stations.get(id);
      return station && (station.names[input.code] ?? station.names.en);
    },
    operatorName: (id) => index.operators.get(id)?.name,
  });
}
