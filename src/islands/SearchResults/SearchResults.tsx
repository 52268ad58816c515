/**
 * The results island (SPEC §2–§5): runs the search, shows the transportation tabs, filters,
 * sort and the trip list, follows the URL (reload, back, forward) and re-prices when the
 * currency changes. State and the search flow live in the results stores (src/stores/README.md).
 *
 * Two layouts share everything but the arrangement: `classic` (filters beside the list) and
 * `compact`, the new results page (/new, or the `new_results_page` feature flag): filters folded away and the
 * trips grouped by the part of the day they leave in.
 *
 * The first frame comes from the server (`seed`, src/domain/results/firstView.ts): the first page
 * of trips with their tabs, filters and facts, rendered into the HTML. The page hydrates the
 * island on the traveller's first touch (`client:interaction`, ResultsPage.astro), so no React
 * loads before that; it hydrates the frame as it is and keeps it on screen until its own search,
 * the facts and the names have all answered, then shows the same trips from its stores, so React
 * keeps the cards and nothing moves.
 */
import { currencySymbol } from '../../domain/results/filterLabels.ts';
import { useStore } from '@nanostores/react';
import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { activeFilterCount, SORTS, type SortKey } from '../../domain/results/queryState.ts';
import { PAGE_SIZE, type ResultsFirstView } from '../../domain/results/firstView.ts';
import { RECOMMENDED_RULES } from '../../domain/results/summary.ts';
import { groupByDayPart } from '../../domain/results/dayParts.ts';
import { correctedQuery, pageSearchAt, type PageSearchBase } from '../../domain/results/pageSearch.ts';
import { resolveCurrency } from '../../domain/currencyCodes.ts';
import { formatMoneyValue } from '../../domain/moneyFormat.ts';
import { readCookie } from '../../stores/cookies.ts';
import { createListClient } from '../../stores/listWorker.ts';
import { $factsSettled, $visibleFacts } from '../../stores/facts.store.ts';
import { $filterGroups, $priceBounds, $products, $productsFrom, $summary, $tabs, chooseTab } from '../../stores/resultsList.store.ts';
import { searchPage } from '../../stores/resultsPage.store.ts';
import { $view, chooseSort, readStaffFlag, readViewFromUrl } from '../../stores/resultsView.store.ts';
import { attachListWorker } from '../../stores/resultsWork.ts';
import { $roundTrip, bookingHref, chooseOutbound, choosePass, resetRoundTrip } from '../../stores/roundTrip.store.ts';
import { $passes, $status, $trips, abortSearch, runSearch, type SearchRequest } from '../../stores/tripsSearch.store.ts';
import { islandTranslator } from '../shared/translate.ts';
import { FactsBanners } from './FactsBanners.tsx';
import { LoadingBar } from './LoadingBar.tsx';
import { Filters } from './Filters.tsx';
import { FilterSheet, FilterSheetButton } from './FilterSheet.tsx';
import { EMPTY_NAMES, loadNames, namesFrom, type Names } from './names.ts';
import { RoundTripModal } from './RoundTripModal.tsx';
import { TripCard, type TripAction } from './TripCard.tsx';
import { PassCard } from './PassCard.tsx';
import { usePageCache } from './usePageCache.ts';
import './SearchResults.css';
import type { IslandMessages } from '../../i18n/islandMessages.ts';

interface Props {
  lang: string;
  localeCode: string;
  messages: IslandMessages;
  /** The search the server worked out for the first render; the browser re-reads the URL. */
  request: Omit<SearchRequest, 'currency' | 'lang'>;
  /** The page's route: the search is worked out from the URL's query again in the browser. */
  search: PageSearchBase;
  /** The results path without query, for the next-dates links. */
  path: string;
  layout?: 'classic' | 'compact';
  /** The server's first frame: the first trips of the query, their tabs, filters and facts. */
  seed?: ResultsFirstView | undefined;
  /** The past date the URL asked for (the server's reading; the browser reads the URL again). */
  pastDate?: string | undefined;
}

type PageRequest = Omit<SearchRequest, 'currency' | 'lang'>;

const NO_BADGES: string[] = [];

function currencyFromCookie(): string {
  return resolveCurrency(readCookie('currency'));
}

export default function SearchResults({
  lang,
  localeCode,
  messages,
  request: initialRequest,
  search,
  path,
  layout = 'classic',
  seed,
  pastDate: serverPastDate,
}: Props) {
  // Stable across renders, like the other props of the cards and filters: they are memoised, so a
  // store change that leaves a card as it was (a status flag, the recheck of other trips) skips it.
  const t = useMemo(() => islandTranslator(messages, localeCode), [messages, localeCode]);
  const trips = useStore($trips);
  const passes = useStore($passes);
  const products = useStore($products);
  const status = useStore($status);
  const summary = useStore($summary);
  const tabs = useStore($tabs);
  const roundTrip = useStore($roundTrip);
  const view = useStore($view);
  const productsFrom = useStore($productsFrom);
  const factsSettled = useStore($factsSettled);
  const visibleFacts = useStore($visibleFacts);
  const filterGroups = useStore($filterGroups);
  const priceBounds = useStore($priceBounds);
  const [names, setNames] = useState<Names>(EMPTY_NAMES);
  const [namesSettled, setNamesSettled] = useState(false);
  const [currency, setCurrency] = useState<string | null>(null);
  const [request, setRequest] = useState<PageRequest>(initialRequest);
  const [pageEnd, setPageEnd] = useState(PAGE_SIZE);
  const [pastDate, setPastDate] = useState(serverPastDate);
  // The island hydrates on the traveller's first touch, often a tab, filter or sort chosen on
  // the server's frame: until its own answer is in, the frame cannot show that view, so the
  // controls show the choice and the status line says the list is being worked out.
  const [viewAtMount, setViewAtMount] = useState<typeof view | undefined>(undefined);
  const [sheetOpen, setSheetOpen] = useState(false);
  const {
    take: takeKeptPage,
    restore: restoreKeptPage,
    pending: keptScroll,
    scrolled: keptScrollDone,
  } = usePageCache(() => ({ currency, pageEnd, roundTrip: Boolean(request.date2) }));

  // A new view starts again at the first page of trips.
  useEffect(() => {
    setPageEnd(PAGE_SIZE);
  }, [view]);

  useEffect(() => {
    // Staff keep their operator filter through a reset (SPEC §4): known before the first search settles.
    readStaffFlag();
    readViewFromUrl(window.location.search);
    setViewAtMount($view.get());
    // The page may come from a shared cache rendered on another day: the URL and the clock decide
    // the search (usually the server's own answer).
    const asked = pageSearchAt(search, window.location.search, Date.now());
    setRequest(asked.request);
    // A date that has passed is searched as today: the page says so, and the address bar shows
    // the date searched (a reload or a shared link then asks for what is on screen). The page's
    // script may have corrected the address already: the server's notice then stays.
    if (asked.pastDate) setPastDate(asked.pastDate);
    const corrected = correctedQuery(window.location.search, asked);
    if (corrected) window.history.replaceState(window.history.state, '', `${window.location.pathname}${corrected}${window.location.hash}`);
    takeKeptPage();
    setCurrency(currencyFromCookie());
    let worker: Worker | undefined;
    try {
      worker = new Worker(new URL('./list.worker.ts', import.meta.url), { type: 'module' });
      attachListWorker(createListClient(worker));
    } catch {
      // No workers (old browser, strict CSP): the list is worked out on the main thread.
    }
    loadNames(lang)
      .then(setNames)
      .catch((error: unknown) => {
        console.error(error);
      })
      .finally(() => {
        setNamesSettled(true);
      });
    const onPop = () => {
      readViewFromUrl(window.location.search);
    };
    // The currency menu announces a change (src/components/CurrencyMenu.astro); prices follow without a reload.
    const onCurrency = (event: Event) => {
      const code = (event as CustomEvent<{ currency?: string }>).detail.currency;
      setCurrency(resolveCurrency(code ?? readCookie('currency')));
    };
    window.addEventListener('popstate', onPop);
    window.addEventListener('currencychange', onCurrency);
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('currencychange', onCurrency);
      abortSearch();
      attachListWorker(undefined);
      worker?.terminate();
    };
  }, [lang, search, takeKeptPage]);

  useEffect(() => {
    if (currency === null) return;
    resetRoundTrip();
    // Back from a trip or checkout within the recheck window: the list as it was left (SPEC §2).
    if (restoreKeptPage(currency)) return;
    searchPage({ ...request, lang, currency });
  }, [currency, lang, request, restoreKeptPage]);

  const first = seed;
  const firstNames = useMemo(() => (first ? namesFrom(first.names) : EMPTY_NAMES), [first]);
  // The island's own answer is complete: the list worked out from its trips, the facts and the
  // names. Until then the server's frame stays (a list that fills in piece by piece would shift).
  const answered =
    status.failed ||
    (!status.isSearching && status.hasError) ||
    (trips.length > 0 && productsFrom === trips && factsSettled && namesSettled);
  const [wentLive, setWentLive] = useState(seed === undefined);
  // The switch from the server's frame to the island's list (tabs, filters and the first cards
  // at once) renders in a transition: React works on it in slices between frames instead of one
  // long task that blocks the page (issue 23, total blocking time), and the frame stays until
  // the list is ready.
  useEffect(() => {
    if (answered)
      startTransition(() => {
        setWentLive(true);
      });
  }, [answered]);
  const live = wentLive;
  const viewChosenOnFrame = !live && viewAtMount !== undefined && view !== viewAtMount;
  const shown = live
    ? {
        products,
        passes,
        hasTrips: trips.length > 0,
        tabs,
        filterGroups,
        priceBounds,
        view,
        recommended: summary.recommended,
        highDemand: summary.highDemandRoute.enabled,
        facts: visibleFacts,
        names,
      }
    : first && {
        products: first.trips,
        passes: first.passes,
        hasTrips: first.total > 0,
        tabs: first.tabs,
        filterGroups: first.filterGroups,
        priceBounds: first.priceBounds,
        view: first.view,
        recommended: first.recommended,
        highDemand: first.highDemand,
        facts: first.facts,
        names: firstNames,
      };
  const count = live ? products.length : (first?.count ?? 0);

  // A restored page: open as many cards as were shown, then go back to where the traveller was.
  useEffect(() => {
    if (!keptScroll || !live || productsFrom !== trips) return;
    if (pageEnd < keptScroll.pageEnd) {
      setPageEnd(keptScroll.pageEnd);
      return;
    }
    window.scrollTo(0, keptScroll.scrollY);
    keptScrollDone();
  }, [keptScroll, keptScrollDone, live, productsFrom, trips, pageEnd]);

  const formatter = useCallback((value: number, code: string) => formatMoneyValue({ value, fxcode: code }, localeCode), [localeCode]);
  const shownCurrency = (live ? trips[0] : first?.trips[0])?.min_price.fxcode ?? currency ?? 'USD';
  const symbol = useMemo(() => currencySymbol(shownCurrency, localeCode), [localeCode, shownCurrency]);

  const fullCurrency = currency ?? first?.currency ?? 'USD';
  const choosingOutbound = Boolean(request.date2) && roundTrip.leg === 'outbound';
  const action = useMemo((): TripAction => {
    const search = { ...request, lang, currency: fullCurrency };
    // The links carry the round trip's cart: a new leg or cart gives the cards new links.
    return choosingOutbound
      ? {
          kind: 'choose',
          choose: (trip, option) => {
            void chooseOutbound(trip, option, search);
          },
        }
      : { kind: 'link', href: (option) => bookingHref(option, search, roundTrip) };
  }, [choosingOutbound, request, lang, fullCurrency, roundTrip]);
  const recommended = shown?.recommended;
  const badgesByKey = useMemo(() => {
    const byKey = new Map<string, string[]>();
    for (const rule of RECOMMENDED_RULES) {
      const key = recommended?.[rule];
      if (key) byKey.set(key, [...(byKey.get(key) ?? []), rule]);
    }
    return byKey;
  }, [recommended]);
  const formatShownPrice = useCallback((value: number) => formatter(value, shownCurrency), [formatter, shownCurrency]);
  const searching = live ? status.isSearching && trips.length === 0 : !shown?.hasTrips || viewChosenOnFrame;
  const card = (trip: (typeof products)[number]) => (
    <TripCard
      key={trip.key}
      trip={trip}
      action={action}
      names={shown?.names ?? names}
      badges={badgesByKey.get(trip.key) ?? NO_BADGES}
      localeCode={localeCode}
      t={t}
      formatPrice={formatter}
      headingLevel={layout === 'compact' ? 4 : 3}
    />
  );
  const listView = viewChosenOnFrame ? view : (shown?.view ?? view);
  const filters = shown && (
    <Filters
      t={t}
      names={shown.names}
      currencySymbol={symbol}
      formatPrice={formatShownPrice}
      groups={shown.filterGroups}
      view={listView}
      bounds={shown.priceBounds}
    />
  );
  const list = shown?.products ?? [];
  // The rail pass tab lists the passes covering the route; the trip filters and sort do not apply.
  const onPassTab = listView.tab === 'railpass';
  const passList = shown?.passes ?? [];
  // The outbound pick of a round trip may be a pass: the round-trip state then carries it (SPEC §3).
  const onChoosePass = choosingOutbound ? choosePass : undefined;
  const closeSheet = useCallback(() => {
    setSheetOpen(false);
  }, []);
  const pastDateNotice = useMemo(() => {
    if (!pastDate) return undefined;
    const day = new Intl.DateTimeFormat(localeCode, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    const dayOf = (iso: string) => day.format(new Date(`${iso}T00:00:00Z`));
    return t('results.pastDate', { asked: dayOf(pastDate), date: dayOf(request.date) });
  }, [pastDate, localeCode, t, request.date]);

  return (
    <div className="sr">
      {request.date2 && (
        <h2 className="sr__leg">{roundTrip.leg === 'outbound' ? t('results.roundTrip.outbound') : t('results.roundTrip.return')}</h2>
      )}
      <RoundTripModal t={t} names={names} />
      {pastDateNotice && (
        <p className="sr__notice" role="status">
          {pastDateNotice}
        </p>
      )}
      <div className="sr__bar" role="status" aria-live="polite">
        {searching
          ? t('results.searching')
          : shown?.hasTrips
            ? listView.tab === 'railpass'
              ? t('railpass.trips.found', { count: shown.passes.length })
              : t('results.tripsFound', { count })
            : ''}
        {live && status.isSearching && trips.length > 0 && <span className="sr__updating"> · {t('results.updating')}</span>}
      </div>
      <LoadingBar active={status.isSearching} />

      {live && status.failed && (
        <div className="sr__error" role="alert">
          <p>{t('error.ajax')}</p>
          <button
            type="button"
            className="button"
            onClick={() => {
              if (currency) void runSearch({ ...request, lang, currency });
            }}
          >
            {t('results.retry')}
          </button>
        </div>
      )}

      {live && !status.isSearching && status.hasError && trips.length === 0 && (
        <section className="sr__empty" aria-labelledby="sr-empty-title">
          <h2 id="sr-empty-title">{status.nextTripDates.length ? t('results.noTrips') : t('results.unavailable')}</h2>
          {status.nextTripDates.length > 0 && (
            <>
              <p>{t('results.nextDates')}</p>
              <ul className="sr__next-dates">
                {status.nextTripDates.map((d) => {
                  const q = new URLSearchParams(window.location.search);
                  q.set('date', d.date);
                  return (
                    <li key={d.date}>
                      <a className="button button--secondary" href={`${path}?${q.toString()}`}>
                        {d.title}
                      </a>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </section>
      )}

      {shown?.hasTrips && (
        <>
          {shown.highDemand && <p className="sr__demand">{t('results.highDemand')}</p>}
          <FactsBanners facts={shown.facts} t={t} localeCode={localeCode} formatPrice={formatter} />
          <div className="sr__tabs" role="tablist" aria-label={t('results.tabs')}>
            {shown.tabs.map((tab) => (
              <button
                key={tab.key}
                type="button"
                role="tab"
                id={`sr-tab-${tab.key}`}
                aria-selected={listView.tab === tab.key}
                aria-controls="sr-list"
                className="sr__tab"
                onClick={() => {
                  chooseTab(tab.key);
                }}
              >
                <span className="sr__tab-name">{t(`vehclass.${tab.key}`)}</span>
                <span className="sr__tab-meta">
                  {tab.count}
                  {tab.minPrice !== null && ` · ${formatter(tab.minPrice, shownCurrency)}`}
                </span>
              </button>
            ))}
          </div>
          <div className={layout === 'compact' ? 'sr__layout sr__layout--compact' : 'sr__layout'}>
            {layout === 'compact' ? (
              <details className="sr__filters-fold">
                <summary>{t('results.filters')}</summary>
                {filters}
              </details>
            ) : (
              // Beside the list on wide screens; on narrow ones it opens in the sheet (one at a time: one set of ids).
              <div className="sr__side">{!sheetOpen && !onPassTab && filters}</div>
            )}
            <div className="sr__main">
              {!onPassTab && (
                <div className="sr__tools">
                  {layout === 'classic' && (
                    <FilterSheetButton
                      t={t}
                      active={activeFilterCount(listView)}
                      onOpen={() => {
                        setSheetOpen(true);
                      }}
                    />
                  )}
                  <label className="sr__sort">
                    <span>{t('results.sortBy')}</span>
                    <select
                      value={listView.sort}
                      onChange={(e) => {
                        chooseSort(e.target.value as SortKey);
                      }}
                    >
                      {SORTS.map((s) => (
                        <option key={s} value={s}>
                          {t(`results.sort.${s}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                </div>
              )}
              <div id="sr-list" role="tabpanel" aria-labelledby={`sr-tab-${listView.tab}`} className="sr__list">
                {onPassTab ? (
                  <>
                    <p className="sr__passes-intro">{t('railpass.trips.intro')}</p>
                    {passList.map((pass) => (
                      <PassCard
                        key={pass.slug}
                        pass={pass}
                        t={t}
                        formatPrice={formatter}
                        onChoose={onChoosePass}
                        headingLevel={layout === 'compact' ? 4 : 3}
                      />
                    ))}
                  </>
                ) : layout === 'compact' ? (
                  groupByDayPart(list.slice(0, pageEnd)).map((group) => (
                    <section key={group.part} className="sr__part" aria-labelledby={`sr-part-${group.part}`}>
                      <h3 id={`sr-part-${group.part}`} className="sr__part-title">
                        {t(`results.time.${group.part}`)} <span className="sr__part-count">{group.trips.length}</span>
                      </h3>
                      {group.trips.map(card)}
                    </section>
                  ))
                ) : (
                  list.slice(0, pageEnd).map(card)
                )}
              </div>
              {!onPassTab && count > pageEnd && (
                <button
                  type="button"
                  className="button button--secondary sr__more"
                  onClick={() => {
                    setPageEnd(pageEnd + PAGE_SIZE);
                  }}
                >
                  {t('results.showMore', { count: Math.min(PAGE_SIZE, count - pageEnd) })}
                </button>
              )}
            </div>
          </div>
          {layout === 'classic' && (
            <FilterSheet t={t} open={sheetOpen} onClose={closeSheet} count={count}>
              {filters}
            </FilterSheet>
          )}
        </>
      )}
    </div>
  );
}
