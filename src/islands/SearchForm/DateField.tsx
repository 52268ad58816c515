/**
 * A date field that opens a calendar (react-day-picker) in a small dialog at the field: days
 * before today and after 24 months are disabled (SPEC §5, §9), the week starts per locale and
 * region, and Arabic and Persian calendars run right to left.
 */
import type { Locale } from 'date-fns';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { loadCalendarLocale } from './calendarLocales.ts';
import type { IslandT } from '../shared/translate.ts';
import { localDate } from '../shared/localDate.ts';

export const CALENDAR_MONTHS = 24;

// The calendar loads when a date field is first approached, keeping it out of the page's first
// JavaScript (SPEC page-weight budget); hovering or focusing the field starts the download.
const loadPicker = () => import('react-day-picker').then((m) => ({ default: m.DayPicker }));
const DayPicker = lazy(loadPicker);

interface Props {
  /** The button's id, for the place field before it to move focus here. */
  id?: string | undefined;
  label: string;
  value: string | undefined;
  onChange: (date: string) => void;
  /** Offered for the return date: clearing makes the search one way. */
  onClear?: (() => void) | undefined;
  placeholder: string;
  today: string;
  localeCode: string;
  calendarLocale: string;
  weekStartsOn: 0 | 1;
  dir: 'ltr' | 'rtl';
  t: IslandT;
}

/** `today` is the page's own clock, always valid; its fallback only satisfies the type. */
function todayDate(iso: string): Date {
  return localDate(iso) ?? new Date();
}

export function toIso(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

export function DateField({
  id,
  label,
  value,
  onChange,
  onClear,
  placeholder,
  today,
  localeCode,
  calendarLocale,
  weekStartsOn,
  dir,
  t,
}: Props) {
  const [open, setOpen] = useState(false);
  const [locale, setLocale] = useState<Locale | undefined>(undefined);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const first = todayDate(today);
  // A value that is no date (an old cookie, a hand-edited address) shows as empty, not a crash.
  const chosen = value ? localDate(value) : undefined;
  const last = new Date(first.getFullYear(), first.getMonth() + CALENDAR_MONTHS, first.getDate());

  useEffect(() => {
    let live = true;
    void loadCalendarLocale(calendarLocale).then((l) => {
      if (live) setLocale(l);
    });
    return () => {
      live = false;
    };
  }, [calendarLocale]);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    // Escape closes the calendar wherever focus is (the grid, its buttons or the field itself).
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  const shown = chosen
    ? new Intl.DateTimeFormat(localeCode, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(chosen)
    : placeholder;

  return (
    <div className="sf-field sf-date">
      <span className="sf-label" id={labelId}>
        {label}
      </span>
      <div className="sf-date__row">
        <button
          ref={button}
          id={id}
          type="button"
          className="sf-input sf-date__button"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-labelledby={`${labelId} ${labelId}-value`}
          onPointerEnter={() => void loadPicker()}
          onFocus={() => void loadPicker()}
          onClick={() => {
            setOpen(!open);
          }}
        >
          <span id={`${labelId}-value`}>{shown}</span>
        </button>
        {onClear && value && (
          <button
            type="button"
            className="sf-date__clear"
            aria-label={t('search.clearReturn')}
            onClick={() => {
              onClear();
            }}
          >
            ×
          </button>
        )}
      </div>
      {open && (
        <div ref={panel} className="sf-popover" role="dialog" aria-labelledby={labelId}>
          <Suspense fallback={<p className="sf-popover__loading">…</p>}>
            <DayPicker
              mode="single"
              // Keyboard users land on the selected (or today's) day in the grid.
              autoFocus
              required={false}
              selected={chosen}
              defaultMonth={chosen ?? first}
              onSelect={(day) => {
                if (day) onChange(toIso(day));
                close();
              }}
              locale={locale}
              weekStartsOn={weekStartsOn}
              dir={dir}
              startMonth={first}
              endMonth={last}
              disabled={[{ before: first }, { after: last }]}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
