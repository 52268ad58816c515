/**
 * A seat map for one leg (issue 27), inside the passengers form: deck by deck, a grid of toggle
 * buttons, one per place, each named for a screen reader as "Seat 12A, window, free" (its
 * pressed state says whether it is chosen). One button of the grid is in the tab order; the
 * arrow keys move between places as they are drawn (mirrored in right-to-left pages), Home and
 * End go to the row's ends, Space or Enter chooses. Taken places are shown and skipped.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import type { SeatMapData, SeatMapPlace } from '../../stores/seats.store.ts';
import type { Translate } from '../../i18n/translate.ts';
import type { MessageKey } from '../../i18n/messageKeys.ts';
import { dataKey } from '../../i18n/messageKeys.ts';

interface Props {
  map: SeatMapData;
  chosen: readonly string[];
  taken: ReadonlySet<string>;
  people: number;
  dir: 'ltr' | 'rtl';
  t: Translate;
  errors: readonly string[];
  errorId: string;
  onToggle: (code: string) => void;
}

function placeLabel(place: SeatMapPlace, kind: 'seat' | 'berth', deck: string, taken: boolean, t: Translate): string {
  const name = t(kind === 'berth' ? 'seats.berth' : 'seats.seat', { code: place.code });
  // A berth is found by its deck (lower or upper); a seat by where it sits in the row.
  const where = kind === 'berth' ? t(dataKey('seats.deck.', deck)) : t(`seats.${place.position}`);
  return t('seats.placeLabel', { name, where, state: t(taken ? 'seats.taken' : 'seats.free') });
}

export default function SeatPicker({ map, chosen, taken, people, dir, t, errors, errorId, onToggle }: Props) {
  const grid = useRef<HTMLDivElement>(null);
  const first = map.decks.flatMap((d) => d.rows.flatMap((r) => r.places)).find((p) => p && !taken.has(p.code));
  const [focus, setFocus] = useState<string | undefined>(chosen[0] ?? first?.code);

  function move(event: KeyboardEvent<HTMLButtonElement>, deckIndex: number, rowIndex: number, column: number) {
    const deck = map.decks[deckIndex];
    if (!deck) return;
    const across = dir === 'rtl' ? -1 : 1;
    let target: { r: number; c: number } | undefined;
    const free = (r: number, c: number) => {
      const p = deck.rows[r]?.places[c];
      return p && !taken.has(p.code) ? p : undefined;
    };
    const scan = (r: number, c: number, dr: number, dc: number) => {
      for (let rr = r + dr, cc = c + dc; rr >= 0 && rr < deck.rows.length && cc >= 0 && cc < deck.pattern.length; rr += dr, cc += dc)
        if (free(rr, cc)) return { r: rr, c: cc };
      return undefined;
    };
    if (event.key === 'ArrowRight') target = scan(rowIndex, column, 0, across);
    else if (event.key === 'ArrowLeft') target = scan(rowIndex, column, 0, -across);
    else if (event.key === 'ArrowDown') target = scan(rowIndex, column, 1, 0);
    else if (event.key === 'ArrowUp') target = scan(rowIndex, column, -1, 0);
    else if (event.key === 'Home') target = scan(rowIndex, -1, 0, 1);
    else if (event.key === 'End') target = scan(rowIndex, deck.pattern.length, 0, -1);
    else return;
    event.preventDefault();
    const place = target && free(target.r, target.c);
    if (!place) return;
    setFocus(place.code);
    grid.current?.querySelector<HTMLButtonElement>(`[data-seat="${place.code}"]`)?.focus();
  }

  const legend = t('seats.legend', { from: map.from, to: map.to });
  return (
    <fieldset className="card seat-map" aria-describedby={errors.length ? errorId : undefined}>
      <legend>{legend}</legend>
      <p className="seat-map__hint">{t('seats.hint', { n: people })}</p>
      <p className="seat-map__chosen" aria-live="polite">
        {t('seats.chosen', { n: chosen.length, total: people })}
        {chosen.length > 0 && (
          <>
            {': '}
            <bdi>{chosen.join(', ')}</bdi>
          </>
        )}
      </p>
      <div ref={grid}>
        {map.decks.map((deck, deckIndex) => (
          <div className="seat-map__deck" key={deck.deck}>
            {map.decks.length > 1 && <h3 className="seat-map__deck-name">{t(`seats.deck.${deck.deck}`)}</h3>}
            <div
              role="grid"
              aria-label={`${legend} · ${t(`seats.deck.${deck.deck}`)}`}
              className="seat-map__grid"
              data-columns={deck.pattern.length}
            >
              {deck.rows.map((row, rowIndex) => (
                <div role="row" className="seat-map__row" key={row.row}>
                  {row.places.map((place, column) => {
                    // The aisle (or a place the class does not sell) is an empty cell: a row holds only cells.
                    if (!place) return <span key={column} role="gridcell" className="seat-map__gap" />;
                    const isTaken = taken.has(place.code);
                    const isChosen = chosen.includes(place.code);
                    return (
                      <span role="gridcell" key={place.code}>
                        <button
                          type="button"
                          data-seat={place.code}
                          className={`seat-map__place seat-map__place--${deck.kind}`}
                          aria-pressed={isChosen}
                          aria-label={placeLabel(place, deck.kind, deck.deck, isTaken, t)}
                          disabled={isTaken}
                          tabIndex={place.code === focus ? 0 : -1}
                          onFocus={() => {
                            setFocus(place.code);
                          }}
                          onClick={() => {
                            onToggle(place.code);
                          }}
                          onKeyDown={(e) => {
                            move(e, deckIndex, rowIndex, column);
                          }}
                        >
                          <bdi>{place.code}</bdi>
                        </button>
                      </span>
                    );
                  })}
                </div>
              ))}
            </div>
          </div>
        ))}
      </div>
      <p className="seat-map__key" aria-hidden="true">
        <span className="seat-map__swatch seat-map__swatch--free" /> {t('seats.free')}{' '}
        <span className="seat-map__swatch seat-map__swatch--chosen" /> {t('seats.chosenKey')}{' '}
        <span className="seat-map__swatch seat-map__swatch--taken" /> {t('seats.taken')}
      </p>
      {errors.length > 0 && (
        <p className="field__error" id={errorId}>
          {errors.map((code) => t(seatErrorKey(code))).join(' ')}
        </p>
      )}
    </fieldset>
  );
}

const SEAT_ERROR_KEYS: Readonly<Record<string, MessageKey>> = {
  'field-error-seats-empty': 'seats.errorEmpty',
  'field-error-seats-not-enough': 'seats.errorNotEnough',
  'field-error-seats-too-many': 'seats.errorTooMany',
  'field-error-seat-unknown': 'seats.errorUnknown',
};

export function seatErrorKey(code: string): MessageKey {
  return SEAT_ERROR_KEYS[code] ?? 'seats.errorEmpty';
}
