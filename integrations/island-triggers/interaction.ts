/**
 * `client:interaction`: load and hydrate the island on the first focus, pointer or key event
 * inside it. `client:interaction="cookieA cookieB"` also hydrates it as soon as the browser is
 * idle when one of those cookies is set (the search form of a returning traveller fills in the
 * last search, which only the island can read). A page script can also wake it at once by
 * dispatching `island:wake` (WAKE_EVENT) on the island or inside it, for what only the island can
 * show: the results page does for a currency change, a kept list to restore, a day without trips
 * and a tip dismissed before; the passengers step for a seat map, passengers saved on this device
 * and a frozen cart. Until React has hydrated the server-rendered HTML nothing of it answers, so what the
 * traveller does meanwhile is kept and handed over: clicks and submits are held (a native
 * submit of a form without its script would reload the page) and replayed; an option chosen in
 * a select (which also wakes the island: a choice can be made without focus or pointer, as
 * assistive tools and tests do) is announced as a change event; text typed into
 * fields is announced to React as an input event (keys pressed while React hydrates are held, as
 * React resets a field it takes over); the focused field gets its focus event.
 */
import type { ClientDirective } from 'astro';
import { heldEdit } from './heldEdit.ts';
import { afterHydration } from './hydrated.ts';

const TRIGGERS = ['focusin', 'pointerover', 'pointerdown', 'touchstart', 'keydown'] as const;
/** The event a page script sends to hydrate an island now (src/components/results/ResultsPage.astro). */
const WAKE_EVENT = 'island:wake';
const CLICKABLE = 'button, summary, label, input[type="checkbox"], input[type="radio"], input[type="submit"]';

function isTextField(field: Element): field is HTMLInputElement | HTMLTextAreaElement {
  if (field instanceof HTMLTextAreaElement) return true;
  return field instanceof HTMLInputElement && !/^(checkbox|radio|submit|button|reset|hidden|file|image)$/.test(field.type);
}

/**
 * Hands text typed while the island loaded over to React. React resets a controlled field to its
 * rendered value when it hydrates it, and fires onChange only for a value that differs from the
 * one it last saw (through its own setter on the field). So: tell React the field holds its
 * rendered value, put the text back with the browser's own setter, and send the input event.
 */
function announceTyping(typed: ReadonlyMap<HTMLInputElement | HTMLTextAreaElement, string>): void {
  for (const [field, text] of typed) {
    if (!field.isConnected || text === field.defaultValue) continue;
    const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.bind(field);
    if (!setValue) continue;
    field.value = field.defaultValue;
    setValue(text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

function hasCookie(names: readonly string[]): boolean {
  return names.some((name) => new RegExp(`(?:^|;\\s*)${name}=`).test(document.cookie));
}

const interaction: ClientDirective = (load, options, island) => {
  let held: HTMLElement | null = null;
  let heldSubmit: HTMLFormElement | null = null;
  const typed = new Map<HTMLInputElement | HTMLTextAreaElement, string>();
  const keepTyping = (event: Event) => {
    if (event.target instanceof Element && isTextField(event.target)) typed.set(event.target, event.target.value);
  };
  const chosen = new Map<HTMLSelectElement, string>();
  const keepChoice = (event: Event) => {
    if (!(event.target instanceof HTMLSelectElement) || !island.contains(event.target)) return;
    chosen.set(event.target, event.target.value);
    start();
  };
  const holdClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>(CLICKABLE) : null;
    if (!target || !island.contains(target)) return;
    event.preventDefault();
    event.stopPropagation();
    held = target;
  };
  const holdSubmit = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
    if (event.target instanceof HTMLFormElement) heldSubmit = event.target;
  };

  // From the moment React is asked to hydrate until it has, a key can land in a field React is about
  // to reset to its rendered value, and be lost. Such keys are applied here (at the caret, over a
  // selection: a prefilled name typed over is replaced, not added to) and handed over with the rest.
  // (A text selected in an email field cannot be read: typing there goes on at its end.)
  const holdTyping = (event: InputEvent) => {
    const field = event.target;
    if (!(field instanceof Element) || !isTextField(field) || !island.contains(field)) return;
    // The text so far is what was typed, even if React has meanwhile reset the field; the caret is
    // the field's, or the text's end (where typing goes on) when React reset the field or the field
    // has no selection API (email, number).
    const buffered = typed.get(field);
    const value = buffered ?? field.value;
    const { selectionStart: start, selectionEnd: end } = field;
    const selection = start !== null && end !== null && value === field.value ? { start, end } : { start: value.length, end: value.length };
    const edit = heldEdit(value, selection, event);
    if (!edit) return;
    event.preventDefault();
    typed.set(field, edit.value);
    field.value = edit.value;
    if (start !== null) field.setSelectionRange(edit.caret, edit.caret);
  };

  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of TRIGGERS) island.removeEventListener(type, start, true);
    island.addEventListener('click', holdClick, true);
    island.addEventListener('submit', holdSubmit, true);
    island.addEventListener('input', keepTyping, true);
    // A field filled in the same moment as the event that woke the island (autofill, a paste).
    for (const field of island.querySelectorAll('input, textarea'))
      if (isTextField(field) && field.value !== field.defaultValue) typed.set(field, field.value);
    void load()
      .then((hydrate) => {
        island.addEventListener('beforeinput', holdTyping, true);
        return hydrate();
      })
      .then(() => afterHydration(island))
      .then(() => {
        island.removeEventListener('click', holdClick, true);
        island.removeEventListener('submit', holdSubmit, true);
        island.removeEventListener('input', keepTyping, true);
        island.removeEventListener('beforeinput', holdTyping, true);
        // Focus first, then the text: a field's focus handler reads the text it has rendered, and
        // told of the focus after the text it would take the field for empty (and offer the list
        // for an empty field instead of suggestions for what was typed).
        const focused = document.activeElement;
        if (focused instanceof HTMLElement && island.contains(focused)) focused.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
        announceTyping(typed);
        island.removeEventListener('change', keepChoice, true);
        // React set each select back to its rendered option: choose again what was chosen.
        for (const [select, value] of chosen) {
          if (!select.isConnected) continue;
          select.value = value;
          select.dispatchEvent(new Event('change', { bubbles: true }));
        }
        if (held?.isConnected) held.click();
        else if (heldSubmit?.isConnected) heldSubmit.requestSubmit();
      });
  };
  for (const type of TRIGGERS) island.addEventListener(type, start, { capture: true, passive: true });
  island.addEventListener(WAKE_EVENT, start, { once: true });
  island.addEventListener('change', keepChoice, true);
  // A bare `client:interaction` arrives as `true`, whatever the type says.
  const cookies = typeof (options.value as unknown) === 'string' ? options.value.split(/\s+/).filter(Boolean) : [];
  if (hasCookie(cookies)) {
    if ('requestIdleCallback' in window) requestIdleCallback(start);
    else setTimeout(start, 200);
  }
};

export default interaction;
