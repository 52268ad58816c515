/**
 * A place field with suggestions, following the ARIA combobox pattern: arrows move through the
 * list, Enter picks, Escape closes, and a polite live region says how many suggestions there are.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { PlaceChoice } from '../../stores/search.store.ts';
import { createTypeahead, PLACE_MAX_LENGTH, type Suggestion } from '../../stores/typeahead.store.ts';
import type { IslandT } from '../shared/translate.ts';

interface Props {
  id: string;
  label: string;
  lang: string;
  value: PlaceChoice | null;
  onChange: (place: PlaceChoice | null) => void;
  /** For the destination: popular places from this origin. */
  popularFromId?: string | undefined;
  /** The field focus moves on to once a place is chosen (from → to, to → date). */
  nextFieldId?: string | undefined;
  t: IslandT;
}

export function PlaceField({ id, label, lang, value, onChange, popularFromId, nextFieldId, t }: Props) {
  const typeahead = useMemo(() => createTypeahead(lang), [lang]);
  const suggestions = useStore(typeahead.$suggestions);
  const loading = useStore(typeahead.$loading);
  const [text, setText] = useState(value?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The text the shown list must answer ('' for the popular list): a list for older text is
  // never offered, so Enter cannot pick a suggestion for something the traveller no longer typed.
  const [asked, setAsked] = useState('');
  // Counts choices; each one moves focus on once React has shown the chosen place.
  const [chosen, setChosen] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const listId = `${id}-list`;
  const fresh = suggestions !== null && suggestions.query === asked;
  const items = fresh ? suggestions.items : [];

  // The store may change the value (swap, cookies): show it unless the traveller is typing.
  useEffect(() => {
    if (document.activeElement !== input.current) setText(value?.name ?? '');
  }, [value]);

  // On to the next field, by tap or Enter alike: the choice is made, the form goes on (never to <body>).
  useEffect(() => {
    if (chosen > 0 && nextFieldId) document.getElementById(nextFieldId)?.focus();
  }, [chosen, nextFieldId]);

  useEffect(
    () => () => {
      typeahead.cancel();
    },
    [typeahead],
  );

  function showPopular() {
    setAsked('');
    setActive(-1);
    setOpen(true);
    void typeahead.popular(popularFromId);
  }

  function choose(item: Suggestion) {
    onChange({ id: item.id, slug: item.slug, name: item.name });
    setText(item.name);
    setOpen(false);
    setActive(-1);
    typeahead.cancel();
    setChosen((count) => count + 1);
  }

  function onInput(next: string) {
    setText(next);
    setActive(-1);
    setOpen(true);
    if (value) onChange(null);
    if (next.trim() === '') showPopular();
    else {
      setAsked(next.trim().slice(0, PLACE_MAX_LENGTH));
      typeahead.search(next);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        if (text.trim() === '' || value) showPopular();
        else setOpen(true);
        return;
      }
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + items.length) % items.length);
    } else if (event.key === 'Enter') {
      if (!open) return;
      const item = items[active] ?? (asked !== '' ? items[0] : undefined);
      if (item) {
        event.preventDefault();
        choose(item);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
        typeahead.cancel();
      }
    }
  }

  const header = fresh && suggestions.header ? t(`search.${suggestions.header}`) : null;
  const showEmpty = open && !loading && fresh && asked !== '' && items.length === 0;
  const showList = open && items.length > 0;
  const activeId = showList && active >= 0 ? `${id}-opt-${active}` : undefined;
  const announcement =
    !open || loading || suggestions === null
      ? ''
      : items.length
        ? t('search.suggestionsCount', { count: items.length })
        : t('search.noMatches', { query: text });

  return (
    <div className="sf-field sf-place">
      <label htmlFor={id} className="sf-label">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        className="sf-input"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={activeId}
        autoComplete="off"
        spellCheck={false}
        maxLength={PLACE_MAX_LENGTH}
        value={text}
        placeholder={t('search.placePlaceholder')}
        onChange={(e) => {
          onInput(e.target.value);
        }}
        onFocus={() => {
          if (text.trim() === '' || value) showPopular();
        }}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
          if (!value) setText(text);
          else setText(value.name);
        }}
        onKeyDown={onKeyDown}
      />
      {/* tabIndex -1: a scrolling box is a Tab stop of its own in Chromium; this one closes when
          the field loses focus, which would drop focus to <body>. Arrows move through it instead. */}
      <div className="sf-menu" hidden={!showList && !showEmpty} tabIndex={-1}>
        {showList && header && (
          <p className="sf-menu__header" id={`${id}-header`}>
            {header}
          </p>
        )}
        <ul id={listId} role="listbox" aria-label={header ?? label} className="sf-menu__list">
          {showList &&
            items.map((item, i) => (
              <li
                key={item.id}
                id={`${id}-opt-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'sf-option sf-option--active' : 'sf-option'}
                onMouseDown={(e) => {
                  // Keep focus in the input so the blur does not close the list before the click.
                  e.preventDefault();
                }}
                onClick={() => {
                  choose(item);
                }}
              >
                <span className="sf-option__name">{item.name}</span>
                {item.place_name && <span className="sf-option__place">{item.place_name}</span>}
                <span className="sf-option__country">{item.country_code}</span>
              </li>
            ))}
        </ul>
        {showEmpty && <p className="tt-empty">{t('search.noMatches', { query: text })}</p>}
      </div>
      <div className="visually-hidden" aria-live="polite" role="status">
        {announcement}
      </div>
    </div>
  );
}
