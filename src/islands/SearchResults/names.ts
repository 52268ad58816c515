/**
 * Station and operator names for the list, from common-data (SPEC §3 Other: classes,
 * operators, stations). Loaded once per page; until then ids stay readable as "…".
 */
import { apiGet } from '../../stores/apiGet.ts';

export interface Names {
  station: (id: number) => string;
  operator: (id: number) => string;
}

export const EMPTY_NAMES: Names = { station: () => '…', operator: () => '…' };

/** Names the server sent with the first view (only those it shows). */
export function namesFrom(records: { stations: Record<string, string>; operators: Record<string, string> }): Names {
  return { station: (id) => records.stations[id] ?? '…', operator: (id) => records.operators[id] ?? '…' };
}

export async function loadNames(lang: string): Promise<Names> {
  const answer = await apiGet(lang, 'common-data', {});
  if (!answer.ok) return EMPTY_NAMES;
  const data = answer.data;
  const stations = new Map(data.stations.map((s) => [s.id, s.name]));
  const operators = new Map(data.operators.map((o) => [o.id, o.name]));
  return { station: (id) => stations.get(id) ?? '…', operator: (id) => operators.get(id) ?? '…' };
}
