/**
 * Route facts on the results page (SPEC §3 Fact, §7 facts-on-dates): the facts of the search,
 * less those the traveller dismissed (kept in localStorage), and whether the call has settled,
 * so a banner never pushes the list down.
 */
import { persistentJSON } from '@nanostores/persistent';
import { FACTS_BANNED_KEY } from './factsBannedKey.ts';
import { atom, computed } from 'nanostores';
import type { Fact } from '../domain/search/facts.ts';
import { apiGet } from './apiGet.ts';
import type { SearchRequest } from './tripsSearch.store.ts';

/** Dismissed fact ids, kept in localStorage under facts_banned. */
export const $factsBanned = persistentJSON<string[]>(FACTS_BANNED_KEY, []);
export const $facts = atom<Fact[]>([]);
/** False while a facts call runs: the island waits for it, so a banner never pushes the list down. */
export const $factsSettled = atom(false);
export const $visibleFacts = computed([$facts, $factsBanned], (facts, banned) => facts.filter((f) => !banned.includes(f.id)));

/** Loads the facts for a search; a failed call is an empty list (SPEC §8). */
export async function loadFacts(r: SearchRequest, fetcher: typeof fetch = (...args) => fetch(...args)): Promise<void> {
  $facts.set([]);
  $factsSettled.set(false);
  try {
    const query = { fromId: r.fromId, toId: r.toId, date: r.date, people: String(r.people), currency: r.currency };
    const answer = await apiGet(r.lang, 'trips/facts-on-dates', query, { fetcher });
    $facts.set(answer.ok ? answer.data.facts : []);
  } catch {
    $facts.set([]);
  } finally {
    $factsSettled.set(true);
  }
}

export function dismissFact(id: string): void {
  $factsBanned.set([...new Set([...$factsBanned.get(), id])]);
}
