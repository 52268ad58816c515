/**
 * The rail pass search box as a combobox (WAI-ARIA 1.2 combobox with a listbox popup): typing
 * asks railpassTypeahead for destinations and passes, an empty box offers the popular passes
 * (railpassTypeahead/popular). Arrow keys move through the suggestions (aria-activedescendant,
 * focus stays in the box), Enter opens the one chosen, Escape closes the list (a second one
 * empties the box), a click opens a suggestion. Loaded on the first interaction with the box (the page's
 * loader script); without it the form still posts to /{lang}/railpass/find. A query that
 * matches nothing shows the empty message followed by the query (SPEC §9 select empty).
 */
import { selectEmptyText } from '../../domain/selectEmpty.ts';

interface Suggestion {
  name: string;
  url: string;
  kind: 'destination' | 'pass';
}

interface Texts {
  destination: string;
  pass: string;
  popular: string;
  none: string;
  /** The empty message a typed query that matches nothing is shown after (selectEmptyText). */
  empty: string;
  /** "Suggestions: [count]" (the number goes where [count] is). */
  count: string;
}

const DEBOUNCE_MS = 150;

export function enhanceRailpassSearch(form: HTMLFormElement): void {
  const foundInput = form.querySelector<HTMLInputElement>('input[role="combobox"]');
  const foundListbox = form.querySelector<HTMLUListElement>('[role="listbox"]');
  const foundStatus = form.querySelector<HTMLElement>('[data-typeahead-status]');
  if (!foundInput || !foundListbox || !foundStatus || form.dataset.enhanced) return;
  // Non-null from here on, inside the functions below as well.
  const input: HTMLInputElement = foundInput;
  const listbox: HTMLUListElement = foundListbox;
  const status: HTMLElement = foundStatus;
  const emptyNote = form.querySelector<HTMLElement>('[data-typeahead-empty]');
  const listLabel = listbox.getAttribute('aria-label') ?? '';
  form.dataset.enhanced = 'true';
  const lang = form.dataset.lang ?? 'en';
  const texts = JSON.parse(form.dataset.texts ?? '{}') as Texts;
  // The native suggestions are for browsers without this script.
  input.removeAttribute('list');

  let suggestions: Suggestion[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let request: AbortController | undefined;

  const optionId = (i: number) => `${listbox.id}-${String(i)}`;

  function setActive(i: number) {
    active = i;
    for (const [j, li] of [...listbox.children].entries()) li.setAttribute('aria-selected', String(j === i));
    if (i < 0) input.removeAttribute('aria-activedescendant');
    else {
      input.setAttribute('aria-activedescendant', optionId(i));
      document.getElementById(optionId(i))?.scrollIntoView({ block: 'nearest' });
    }
  }

  function close() {
    // A suggestion still on its way must not open the list again.
    clearTimeout(timer);
    request?.abort();
    listbox.hidden = true;
    if (emptyNote) emptyNote.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    setActive(-1);
  }

  function render(items: Suggestion[], heading: string | null) {
    suggestions = items;
    listbox.replaceChildren(
      ...items.map((s, i) => {
        const li = document.createElement('li');
        li.id = optionId(i);
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', 'false');
        const name = document.createElement('bdi');
        name.textContent = s.name;
        const kind = document.createElement('span');
        kind.className = 'railpass-typeahead__kind';
        kind.textContent = s.kind === 'destination' ? texts.destination : texts.pass;
        li.append(name, ' ', kind);
        // Before the input's blur: a click chooses rather than closing the list first.
        li.addEventListener('mousedown', (e) => {
          e.preventDefault();
        });
        li.addEventListener('click', () => {
          choose(i);
        });
        return li;
      }),
    );
    if (emptyNote) emptyNote.hidden = true;
    listbox.setAttribute('aria-label', heading ?? listLabel);
    const open = items.length > 0;
    listbox.hidden = !open;
    input.setAttribute('aria-expanded', String(open));
    setActive(-1);
    status.textContent = open ? texts.count.replace('[count]', String(items.length)) : texts.none;
  }

  /** Nothing matches the typed query: the empty message with the query, seen and heard (SPEC §9). */
  function renderEmpty(query: string) {
    render([], null);
    const text = selectEmptyText(texts.empty, query);
    if (emptyNote) {
      emptyNote.textContent = text;
      emptyNote.hidden = false;
    }
    status.textContent = text;
  }

  function choose(i: number) {
    const s = suggestions[i];
    if (!s) return;
    input.value = s.name;
    close();
    location.assign(s.url);
  }

  async function load() {
    request?.abort();
    request = new AbortController();
    const query = input.value.trim();
    const url = query
      ? `/api/nuxt/${lang}/railpassTypeahead?${new URLSearchParams({ query }).toString()}`
      : `/api/nuxt/${lang}/railpassTypeahead/popular`;
    try {
      const response = await fetch(url, { signal: request.signal, headers: { accept: 'application/json' } });
      if (!response.ok) return;
      const body = (await response.json()) as {
        records?: { kind: 'destination' | 'pass'; name: string; url: string }[];
        passes?: { name: string; url: string }[];
      };
      if (query !== input.value.trim() || document.activeElement !== input) return;
      const items = body.records ?? (body.passes ?? []).map((p) => ({ kind: 'pass' as const, name: p.name, url: p.url }));
      if (query && items.length === 0) renderEmpty(query);
      else render(items.slice(0, 8), query ? null : texts.popular);
    } catch {
      // Offline or superseded: the form still submits to the find page.
    }
  }

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void load(), DEBOUNCE_MS);
  };

  // Escape closes the list, and a second Escape empties the box (Chromium empties a search box
  // on Escape itself): an emptied box after Escape stays closed until the traveller types again.
  let dismissed = false;
  input.addEventListener('input', () => {
    if (dismissed && input.value.trim() === '') return;
    dismissed = false;
    schedule();
  });
  input.addEventListener('focus', () => {
    if (input.getAttribute('aria-expanded') !== 'true') void load();
  });
  input.addEventListener('blur', close);
  input.addEventListener('keydown', (e) => {
    const open = input.getAttribute('aria-expanded') === 'true';
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        void load();
        return;
      }
      const n = suggestions.length;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive(active < 0 ? (step > 0 ? 0 : n - 1) : (active + step + n) % n);
    } else if (e.key === 'Enter' && open && active >= 0) {
      e.preventDefault();
      choose(active);
    } else if (e.key === 'Escape') {
      dismissed = true;
      if (open) {
        // The first Escape only closes the list; the browser would empty the box too.
        e.preventDefault();
        close();
      } else input.value = '';
    }
  });
  // The interaction that loaded this script happened in the box: answer it now.
  if (document.activeElement === input) void load();
}
