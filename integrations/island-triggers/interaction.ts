/**
 * `client:interaction`: load and hydrate the island on the first focus, pointer or key event
 * inside it. Until React has hydrated the server-rendered HTML nothing of it answers, so what the
 * traveller does meanwhile is kept and handed over: clicks and submits are held (a native
 * submit of a form without its script would reload the page) and replayed; text typed into
 * fields is announced to React as an input event; the focused field gets its focus event.
 */
import type { ClientDirective } from 'astro';
import { afterHydration } from './hydrated.ts';

const TRIGGERS = ['focusin', 'pointerover', 'pointerdown', 'touchstart', 'keydown'] as const;
const CLICKABLE = 'button, summary, label, input[type="checkbox"], input[type="radio"], input[type="submit"]';

function isTextField(field: Element): field is HTMLInputElement | HTMLTextAreaElement {
  if (field instanceof HTMLTextAreaElement) return true;
  return field instanceof HTMLInputElement && !/^(checkbox|radio|submit|button|reset|hidden|file|image)$/.test(field.type);
}

/**
 * React watches a field's value through its own setter and fires onChange only when the value
 * differs from what it last saw. It saw the typed text when it hydrated the field, so tell it
 * the field held its rendered value, put the text back with the browser's setter, and send the
 * input event.
 */
function announceTyping(island: HTMLElement): void {
  for (const field of island.querySelectorAll('input, textarea')) {
    if (!isTextField(field) || field.value === field.defaultValue) continue;
    const typed = field.value;
    const nativeSetter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
    if (!nativeSetter) continue;
    field.value = field.defaultValue;
    nativeSetter.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

const interaction: ClientDirective = (load, _options, island) => {
  let held: HTMLElement | null = null;
  let heldSubmit: HTMLFormElement | null = null;
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

  const start = () => {
    for (const type of TRIGGERS) island.removeEventListener(type, start, true);
    island.addEventListener('click', holdClick, true);
    island.addEventListener('submit', holdSubmit, true);
    void load()
      .then((hydrate) => hydrate())
      .then(() => afterHydration(island))
      .then(() => {
        island.removeEventListener('click', holdClick, true);
        island.removeEventListener('submit', holdSubmit, true);
        announceTyping(island);
        const focused = document.activeElement;
        if (focused instanceof HTMLElement && island.contains(focused)) focused.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
        if (held?.isConnected) held.click();
        else if (heldSubmit?.isConnected) heldSubmit.requestSubmit();
      });
  };
  for (const type of TRIGGERS) island.addEventListener(type, start, { capture: true, passive: true });
};

export default interaction;
