/**
 * SPEC §3 option fields that say what an option covers — `range`, `aliases`, `vehclasses`,
 * `feature` — for the search answer. Apart from filters.ts so the results island, which does not
 * show them, does not carry them.
 */
import { classAliases } from '../search/vehicleClasses.ts';
import type { Trip } from '../search/trips.ts';
import { classesOf, optionIdsOf, priceBounds, tabMatches, type FilterGroups, type FilterOption, type PriceBounds } from './filters.ts';
import { FILTER_GROUPS, parseHourRange, type FilterGroup, type ResultsState } from './queryState.ts';

function describeOption(option: FilterOption, group: FilterGroup, inTab: readonly Trip[], bounds: PriceBounds | undefined): void {
  switch (group) {
    case 'dep_time':
    case 'arr_time': {
      const range = parseHourRange(option.id);
      if (range) option.range = { from: range.from, to: range.to };
      return;
    }
    case 'prices': {
      if (!bounds) return;
      const edges = [bounds.min, ...bounds.tierEdges, bounds.max];
      const tier = Number(option.id);
      const from = edges[tier - 1];
      const to = edges[tier];
      if (from !== undefined && to !== undefined) option.range = { from, to };
      return;
    }
    case 'vehclasses':
      option.aliases = classAliases(option.id);
      return;
    case 'stations_from':
    case 'stations_to':
    case 'operator_id':
      option.vehclasses = classesOf(inTab.filter((t) => optionIdsOf(t, group, bounds).includes(option.id)));
      return;
    case 'quick':
      option.feature = option.id;
      return;
    case 'trip_rating':
      return;
  }
}

/** The groups of buildFilterGroups with what each option covers. */
export function describeFilterGroups(groups: FilterGroups, trips: readonly Trip[], state: ResultsState): FilterGroups {
  const inTab = trips.filter((t) => tabMatches(t, state.tab));
  const bounds = priceBounds(inTab);
  const described = {} as FilterGroups;
  for (const group of FILTER_GROUPS) {
    described[group] = groups[group].map((option) => {
      const copy = { ...option };
      describeOption(copy, group, inTab, bounds);
      return copy;
    });
  }
  return described;
}
