/**
 * The filter panel (SPEC §3, §5, §9): time buckets and hour sliders, classes, stations, quick
 * filters, rating, price tiers and slider, operators. Counts and availability come from the
 * island (the store's, or the server's first view until the island's own search answers);
 * every change goes into the URL.
 */
import { memo, useEffect, useState } from 'react';
import {
  priceStep,
  setHourRange,
  sliderPrice,
  toggleOption,
  PRICE_STEPS,
  type FilterGroups,
  type FilterOption,
  type PriceBounds,
} from '../../domain/results/filters.ts';
import { parseHourRange, EMPTY_STATE, type FilterGroup, type ResultsState } from '../../domain/results/queryState.ts';
import { filterOptionLabel } from '../../domain/results/filterLabels.ts';
import { $view, setView } from '../../stores/resultsView.store.ts';
import type { IslandT } from '../shared/translate.ts';
import type { Names } from './names.ts';

const CHECKBOX_GROUPS: readonly FilterGroup[] = [
  'quick',
  'vehclasses',
  'dep_time',
  'arr_time',
  'stations_from',
  'stations_to',
  'trip_rating',
  'prices',
  'operator_id',
];

interface Props {
  t: IslandT;
  names: Names;
  currencySymbol: string;
  formatPrice: (value: number) => string;
  groups: FilterGroups;
  view: ResultsState;
  bounds: PriceBounds | undefined;
}

function optionLabel(group: FilterGroup, option: FilterOption, props: Props): string {
  const { t, names, currencySymbol } = props;
  return filterOptionLabel(group, option, { t, station: names.station, operator: names.operator, currencySymbol });
}

function HourSlider({ group, t, view }: { group: 'dep_time' | 'arr_time'; t: IslandT; view: ResultsState }) {
  const ids = view.selected[group] ?? [];
  const current = ids.length === 1 && ids[0] ? parseHourRange(ids[0]) : undefined;
  const from = current?.from ?? 0;
  const to = current?.to ?? 24;
  const listId = `${group}-marks`;
  const apply = (a: number, b: number) => {
    if (a === b) return;
    setView(setHourRange($view.get(), group, a < b ? { from: a, to: b } : { from: b, to: a }));
  };
  return (
    <div className="rf-slider">
      <datalist id={listId}>
        {Array.from({ length: 25 }, (_, h) => (
          <option key={h} value={h} />
        ))}
      </datalist>
      <label>
        <span>{t('results.timeFrom')}</span>
        <input
          type="range"
          min={0}
          max={24}
          step={1}
          list={listId}
          value={from}
          aria-valuetext={`${String(from).padStart(2, '0')}:00`}
          onChange={(e) => {
            apply(Number(e.target.value), to);
          }}
        />
        <span className="rf-slider__value" aria-hidden="true">
          {String(from).padStart(2, '0')}:00
        </span>
      </label>
      <label>
        <span>{t('results.timeTo')}</span>
        <input
          type="range"
          min={0}
          max={24}
          step={1}
          list={listId}
          value={to}
          aria-valuetext={`${String(to).padStart(2, '0')}:00`}
          onChange={(e) => {
            apply(from, Number(e.target.value));
          }}
        />
        <span className="rf-slider__value" aria-hidden="true">
          {String(to).padStart(2, '0')}:00
        </span>
      </label>
    </div>
  );
}

function PriceSlider({
  t,
  formatPrice,
  view,
  bounds,
}: {
  t: IslandT;
  formatPrice: (value: number) => string;
  view: ResultsState;
  bounds: PriceBounds | undefined;
}) {
  const [draft, setDraft] = useState<[number, number] | null>(null);
  useEffect(() => {
    setDraft(null);
  }, [view.priceRange, bounds]);
  if (!bounds || bounds.max === bounds.min) return null;
  const lo = draft?.[0] ?? (view.priceRange ? priceStep(view.priceRange.min, bounds) : 0);
  const hi = draft?.[1] ?? (view.priceRange ? priceStep(view.priceRange.max, bounds) : PRICE_STEPS - 1);
  const commit = (a: number, b: number) => {
    const [x, y] = a <= b ? [a, b] : [b, a];
    const next = { ...$view.get() };
    if (x === y) return;
    if (x === 0 && y === PRICE_STEPS - 1) delete next.priceRange;
    // Whole currency units keep the URL short and readable.
    else next.priceRange = { min: Math.floor(sliderPrice(x, bounds)), max: Math.ceil(sliderPrice(y, bounds)) };
    setView(next);
  };
  return (
    <div className="rf-slider">
      <label>
        <span>{t('results.priceFrom')}</span>
        <input
          type="range"
          min={0}
          max={PRICE_STEPS - 1}
          value={lo}
          aria-valuetext={formatPrice(sliderPrice(lo, bounds))}
          onChange={(e) => {
            setDraft([Number(e.target.value), hi]);
          }}
          onPointerUp={() => {
            commit(lo, hi);
          }}
          onKeyUp={() => {
            commit(lo, hi);
          }}
        />
        <span className="rf-slider__value" aria-hidden="true">
          {formatPrice(sliderPrice(lo, bounds))}
        </span>
      </label>
      <label>
        <span>{t('results.priceTo')}</span>
        <input
          type="range"
          min={0}
          max={PRICE_STEPS - 1}
          value={hi}
          aria-valuetext={formatPrice(sliderPrice(hi, bounds))}
          onChange={(e) => {
            setDraft([lo, Number(e.target.value)]);
          }}
          onPointerUp={() => {
            commit(lo, hi);
          }}
          onKeyUp={() => {
            commit(lo, hi);
          }}
        />
        <span className="rf-slider__value" aria-hidden="true">
          {formatPrice(sliderPrice(hi, bounds))}
        </span>
      </label>
    </div>
  );
}

/** Memoised: it re-renders when the groups, the view or the names change, not on a status flag. */
export const Filters = memo(function Filters(props: Props) {
  const { t, groups, view } = props;
  const active = Object.keys(view.selected).length > 0 || view.priceRange !== undefined;
  return (
    <section className="rf" aria-labelledby="rf-title">
      <div className="rf__head">
        <h2 id="rf-title">{t('results.filters')}</h2>
        {active && (
          <button
            type="button"
            className="rf__reset"
            onClick={() => {
              setView({ ...EMPTY_STATE, sort: view.sort, tab: view.tab });
            }}
          >
            {t('results.resetFilters')}
          </button>
        )}
      </div>
      {CHECKBOX_GROUPS.map((group) => {
        const options = groups[group];
        if (options.length === 0 && group !== 'prices') return null;
        return (
          <fieldset key={group} className="rf__group">
            <legend>{t(`results.filter.${group}`)}</legend>
            {options.map((o) => (
              <label key={o.id} className={o.available || o.selected ? 'rf__option' : 'rf__option rf__option--off'}>
                <input
                  type="checkbox"
                  checked={o.selected}
                  disabled={!o.available && !o.selected}
                  onChange={() => {
                    setView(toggleOption($view.get(), group, o.id));
                  }}
                />
                <span className="rf__label">{optionLabel(group, o, props)}</span>
                <span className="rf__count">{o.quantity}</span>
              </label>
            ))}
            {(group === 'dep_time' || group === 'arr_time') && <HourSlider group={group} t={t} view={view} />}
            {group === 'prices' && <PriceSlider t={t} formatPrice={props.formatPrice} view={view} bounds={props.bounds} />}
          </fieldset>
        );
      })}
    </section>
  );
});
