/**
 * One trip in the list: times, stations, duration, operators, legs of a connection, price and
 * the select link to the cart (booking_uri). The price is the price of the class the button
 * books: the cheapest bookable one, or the one the traveller picks in the card's class list.
 */
import { memo, useState } from 'react';
import { directionOf, routeArrow } from '../../domain/bidi.ts';
import { bookableOptions, cardOption } from '../../domain/search/cardOption.ts';
import type { TravelOption, Trip } from '../../domain/search/trips.ts';
import type { IslandT } from '../shared/translate.ts';
import type { Names } from './names.ts';
import { isFullRefundable } from '../../domain/results/filters.ts';
import { dataKey } from '../../i18n/messageKeys.ts';

/** What the trip's button does: go to the cart, or (outbound leg of a round trip) pick the trip. */
export type TripAction =
  { kind: 'link'; href: (option: TravelOption) => string } | { kind: 'choose'; choose: (trip: Trip, option: TravelOption) => void };

interface Props {
  trip: Trip;
  action: TripAction;
  names: Names;
  badges: string[];
  localeCode: string;
  t: IslandT;
  formatPrice: (value: number, currency: string) => string;
  /** h4 when the card sits under a group heading (the compact layout's parts of the day). */
  headingLevel?: 3 | 4;
}

interface ClassChoiceProps {
  trip: Trip;
  options: TravelOption[];
  chosen: string;
  onChoose: (id: string) => void;
  t: IslandT;
  formatPrice: (value: number, currency: string) => string;
}

/**
 * The classes of a trip that can be booked now, folded under a summary: name, price, seats left,
 * the refund rule and what is included. Native radios: keyboard and screen readers for free.
 */
function ClassChoice({ trip, options, chosen, onChoose, t, formatPrice }: ClassChoiceProps) {
  const name = `class-${trip.key.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  return (
    <details className="trip__classes">
      <summary>{t('results.classes.choose', { count: options.length })}</summary>
      <fieldset className="trip__class-list">
        <legend className="visually-hidden">{t('results.classes.legend')}</legend>
        {options.map((o) => (
          <label key={o.id} className="trip__class-option">
            <input
              type="radio"
              name={name}
              value={o.id}
              checked={o.id === chosen}
              onChange={() => {
                onChoose(o.id);
              }}
            />
            <span className="trip__class-text">
              <bdi className="trip__class-name">{o.class}</bdi>
              <bdi className="trip__class-price">{formatPrice(o.price.value, o.price.fxcode)}</bdi>
              <span className="trip__class-facts">
                {t('results.seatsLeft', { count: o.seats_left })} ·{' '}
                {o.full_refund_until !== null ? t('results.classes.refundable') : t('results.classes.notRefundable')}
                {o.features.length > 0 &&
                  ` · ${t('results.classes.includes', { list: o.features.map((f) => t(dataKey('results.feature.', f))).join(', ') })}`}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
    </details>
  );
}

export function durationText(minutes: number, t: IslandT): string {
  return t('results.duration', { h: Math.floor(minutes / 60), m: minutes % 60 });
}

function time(localDateTime: string): string {
  return localDateTime.slice(11, 16);
}

/** Memoised: the list re-renders on every store change, a card only when its own props change. */
export const TripCard = memo(function TripCard({ trip, action, names, badges, localeCode, t, formatPrice, headingLevel = 3 }: Props) {
  const arrow = routeArrow(directionOf(localeCode));
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  const p = trip.params;
  const open = bookableOptions(trip.travel_options);
  // The class the traveller picked on this card, while it can still be booked; else the cheapest.
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const option = open.find((o) => o.id === picked) ?? cardOption(trip.travel_options);
  const seats = option?.bookable ? option.seats_left : 0;
  const price = option?.price ?? trip.min_price;
  const operators = p.operators.map((id) => names.operator(id)).join(', ');
  const nextDay = p.arr_time.slice(0, 10) !== p.dep_time.slice(0, 10);
  const headingId = `trip-${trip.key.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  return (
    <article className={p.is_bookable || p.external_purchase_url !== null ? 'trip' : 'trip trip--unbookable'} aria-labelledby={headingId}>
      <div className="trip__main">
        <Heading className="trip__times" id={headingId}>
          <time>{time(p.dep_time)}</time>{' '}
          <span className="trip__arrow" aria-hidden="true">
            {arrow}
          </span>
          <span className="visually-hidden"> – </span> <time>{time(p.arr_time)}</time>
          {nextDay && <sup className="trip__nextday">+1</sup>}
        </Heading>
        <p className="trip__stations">
          <bdi>{names.station(p.from)}</bdi> <span className="trip__arrow">{arrow}</span> <bdi>{names.station(p.to)}</bdi>
        </p>
        <p className="trip__meta">
          <span>{durationText(p.duration_min, t)}</span> ·{' '}
          <span>{p.changes === 0 ? t('results.direct') : t('results.changes', { count: p.changes })}</span> ·{' '}
          <span>{p.vehclasses.map((c) => t(`vehclass.${c}`)).join(' + ')}</span>
        </p>
        <p className="trip__operators">{t('results.operatedBy', { name: operators })}</p>
        {trip.segments.length > 1 && (
          <ol className="trip__segments" aria-label={t('results.segments')}>
            {trip.segments.map((s, i) => (
              <li key={`${s.route_code}-${String(i)}`}>
                <span className="trip__segment-class">{s.vehclasses.map((c) => t(`vehclass.${c}`)).join(', ')}</span>{' '}
                <bdi dir="ltr">{time(s.dep_time)}</bdi> <bdi>{names.station(s.from)}</bdi> <span className="trip__arrow">{arrow}</span>{' '}
                <bdi dir="ltr">{time(s.arr_time)}</bdi> <bdi>{names.station(s.to)}</bdi> · <bdi>{names.operator(s.operator)}</bdi>
              </li>
            ))}
          </ol>
        )}
        <ul className="trip__badges">
          {badges.map((b) => (
            <li key={b} className="trip__badge trip__badge--pick">
              {t(dataKey('results.recommended.', b))}
            </li>
          ))}
          {isFullRefundable(trip) && <li className="trip__badge">{t('results.quick.full_refundable')}</li>}
          {trip.features.includes('instant_confirmation') && <li className="trip__badge">{t('results.quick.instant_confirmation')}</li>}
          {trip.rating !== null && <li className="trip__badge">{t('results.ratingValue', { rating: trip.rating.toFixed(1) })}</li>}
          {p.is_manual_pack && <li className="trip__badge">{t('results.manualPack')}</li>}
        </ul>
      </div>
      <div className="trip__buy">
        <p className="trip__price">
          <bdi className="trip__price-value">{formatPrice(price.value, price.fxcode)}</bdi>
          <span className="trip__per-person">{t('results.perPerson')}</span>
        </p>
        {option && <p className="trip__class">{option.class}</p>}
        {open.length > 1 && option && (
          <ClassChoice trip={trip} options={open} chosen={option.id} onChoose={setPicked} t={t} formatPrice={formatPrice} />
        )}
        {p.external_purchase_url !== null ? (
          // SPEC §3: sold only on the operator's own site — the card links there instead of Select.
          <>
            <p className="trip__seats">{t('results.soldByOperatorOnly')}</p>
            <a className="button trip__select" href={p.external_purchase_url} rel="external noopener nofollow" aria-describedby={headingId}>
              {t('results.buyOnOperatorSite')}
            </a>
          </>
        ) : p.is_bookable && option ? (
          <>
            {seats > 0 && seats <= 5 && <p className="trip__seats">{t('results.seatsLeft', { count: seats })}</p>}
            {action.kind === 'link' ? (
              <a className="button trip__select" href={action.href(option)} aria-describedby={headingId}>
                {t('results.select')}
              </a>
            ) : (
              <button
                type="button"
                className="button trip__select"
                aria-describedby={headingId}
                onClick={() => {
                  action.choose(trip, option);
                }}
              >
                {t('results.roundTrip.choose')}
              </button>
            )}
          </>
        ) : (
          <p className="trip__soldout">{t('results.soldOut')}</p>
        )}
      </div>
    </article>
  );
});
