/**
 * The search form island (SPEC §3, §4, §5): from and to with suggestions, swap, departure and
 * return dates, passengers, the accommodation switch and the search button. State and actions
 * live in src/stores/search.store.ts.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState, type SyntheticEvent } from 'react';
import { weekStartFor, localeBySegment, type LocaleSegment } from '../../i18n/locales.ts';
import {
  $accommodation,
  $canSubmit,
  $date,
  $date2,
  $from,
  $mounted,
  $passengers,
  $to,
  formBeforeMount,
  initSearchForm,
  localToday,
  setAccommodation,
  setDate,
  setFrom,
  setPassengers,
  setReturnDate,
  setTo,
  submitSearch,
  swapPlaces,
  type SearchFormInitial,
} from '../../stores/search.store.ts';
import { pageSearchAt, type PageSearchBase } from '../../domain/results/pageSearch.ts';
import { islandTranslator } from '../shared/translate.ts';
import { DateField } from './DateField.tsx';
import { PeopleField } from './PeopleField.tsx';
import { PlaceField } from './PlaceField.tsx';
import 'react-day-picker/style.css';
import './SearchForm.css';
import type { IslandMessages } from '../../i18n/islandMessages.ts';

interface Props {
  lang: LocaleSegment;
  messages: IslandMessages;
  /** The class segment of the results URL (kept when searching from a results page). */
  vehclass?: string;
  hotelTemplate: string;
  initial?: SearchFormInitial;
  /**
   * A results page's route: the form fills itself from the page URL's query in the browser
   * (a pre-rendered results page serves every query and every day from one file).
   */
  pageSearch?: PageSearchBase | undefined;
}

export default function SearchForm({ lang, messages, vehclass = 'all', hotelTemplate, initial = {}, pageSearch }: Props) {
  const t = islandTranslator(messages, lang);
  const locale = localeBySegment(lang);
  const mounted = useStore($mounted);
  const stored = {
    from: useStore($from),
    to: useStore($to),
    date: useStore($date),
    date2: useStore($date2),
    passengers: useStore($passengers),
  };
  // Until the stores are filled (after hydration) the form shows the search the page gave it.
  const { from, to, date, date2, passengers } = mounted ? stored : formBeforeMount(initial);
  const canSubmit = useStore($canSubmit);
  const accommodation = useStore($accommodation);
  const [today, setToday] = useState('');
  const [weekStartsOn, setWeekStartsOn] = useState<0 | 1>(locale.weekStartsOn);

  useEffect(() => {
    setToday(localToday());
    setWeekStartsOn(weekStartFor(locale, navigator.language));
    if (pageSearch) {
      const s = pageSearchAt(pageSearch, location.search, Date.now());
      initSearchForm({ from: s.from, to: s.to, date: s.date, date2: s.date2, people: s.people });
    } else {
      initSearchForm(initial);
    }
    // Runs once: an island's props are fixed for the page's lifetime.
  }, [initial, locale, pageSearch]);

  function onSubmit(event: SyntheticEvent) {
    event.preventDefault();
    submitSearch({ lang, vehclass, hotelTemplate, currentUrl: location.pathname + location.search });
  }

  const dateProps = {
    today: today || localToday(),
    localeCode: locale.code,
    calendarLocale: locale.dateFnsLocale,
    weekStartsOn,
    dir: locale.dir,
    t,
  };

  return (
    <form className="sf" role="search" aria-label={t('search.title')} onSubmit={onSubmit} noValidate>
      <div className="sf-places">
        <PlaceField id="sf-from" label={t('search.from')} lang={lang} value={from} onChange={setFrom} nextFieldId="sf-to" t={t} />
        <button type="button" className="sf-swap" aria-label={t('search.swap')} onClick={swapPlaces}>
          ⇄
        </button>
        <PlaceField
          id="sf-to"
          label={t('search.to')}
          lang={lang}
          value={to}
          onChange={setTo}
          popularFromId={from?.id}
          nextFieldId="sf-date"
          t={t}
        />
      </div>
      <DateField
        id="sf-date"
        label={t('search.date')}
        value={date || undefined}
        onChange={(d) => {
          setDate(d);
        }}
        placeholder={t('search.date')}
        {...dateProps}
      />
      <DateField
        label={t('search.returnDate')}
        value={date2}
        onChange={(d) => {
          setReturnDate(d);
        }}
        onClear={() => {
          setReturnDate(undefined);
        }}
        placeholder={t('search.oneWay')}
        {...dateProps}
      />
      <PeopleField value={passengers} onClose={setPassengers} t={t} />
      <button type="submit" className="button sf-submit" disabled={!canSubmit}>
        {t('search.submit')}
      </button>
      {/* After the button in the document as on the screen (its own row on wide screens), so Tab
          follows the reading order. */}
      <label className="sf-switch">
        <input
          type="checkbox"
          role="switch"
          checked={accommodation}
          onChange={(e) => {
            setAccommodation(e.target.checked);
          }}
        />
        <span>{t('accommodation.label')}</span>
      </label>
    </form>
  );
}
