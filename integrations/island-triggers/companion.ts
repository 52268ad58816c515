/**
 * `client:companion="eventA eventB"`: load the island when another island on the page hydrates
 * (page feedback then stands ready for whatever that island raises), or on the first of the
 * named window events. The events that arrived before the island's code had loaded are
 * dispatched again, in order, once it has: the island must listen from its module's load (see
 * src/islands/PageFeedback).
 */
import type { ClientDirective } from 'astro';

const companion: ClientDirective = (load, options, island) => {
  const eventTypes = typeof (options.value as unknown) === 'string' ? options.value.split(/\s+/).filter(Boolean) : [];
  const missed: Event[] = [];
  let others: Element[] = [];
  let started = false;

  const record = (event: Event) => {
    missed.push(event);
    start();
  };
  const start = () => {
    if (started) return;
    started = true;
    for (const other of others) other.removeEventListener('astro:hydrate', start);
    void load().then((hydrate) => {
      for (const type of eventTypes) window.removeEventListener(type, record);
      for (const event of missed) window.dispatchEvent(new CustomEvent(event.type, { detail: (event as CustomEvent).detail as unknown }));
      return hydrate();
    });
  };
  const watchOthers = () => {
    others = [...document.querySelectorAll('astro-island')].filter((other) => other !== island);
    for (const other of others) other.addEventListener('astro:hydrate', start, { once: true });
    // One that hydrated before this ran.
    if (others.some((other) => !other.hasAttribute('ssr'))) start();
  };
  for (const type of eventTypes) window.addEventListener(type, record);
  // Islands further down the page may not be parsed yet.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watchOthers, { once: true });
  else watchOthers();
};

export default companion;
