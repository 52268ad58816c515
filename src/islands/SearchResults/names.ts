/**
 * Station and operator names for the list, from common-data (SPEC §3 Other: classes,
 * operators, stations). Loaded once per page; until then ids stay readable as "…".
 */
import { sharedGet } from '../../stores/ajax.ts';

export interface Names {
  station: (id: number) => string;
  operator: (id: number) => string;
}

interface CommonData {
  operators: { id: number; name: string }[];
  stations: { id: number; name: string }[];
}

export const EMPTY_NAMES: Names = { station: () => '…', operator: () => '…' };

/** Names the server sent with the first view (only those it shows). */
export function namesFrom(records: { stations: Record<string, string>; operators: Record<string, string> }): Names {
  return { station: (id) => records.stations[id] ?? '…', operator: (id) => records.operators[id] ?? '…' };
}

export async function loadNames(lang: string): Promise<Names> {
  const response = await sharedGet(`/api/nuxt/${lang}/common-data`, { headers: { accept: 'application/json' } });
  if (!response.ok) return EMPTY_NAMES;
  const data = (await response.json()) as CommonData;
  const stations = new Map(data.stations.map((s) => [s.id, s.name]));
  const operators = new Map(data.operators.map((o) => [o.id, o.name]));
  return { station: (id) => stations.get(id) ?? '…', operator: (id) => operators.get(id) ?? '…' };
}
