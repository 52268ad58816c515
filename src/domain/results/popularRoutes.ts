/**
 * Popular routes of the network (home page, vehicle-class and route-origin pages): pairs of
 * places with direct service, ranked by how popular both ends are and how many routes run
 * between them.
 */
import type { TimetableIndex } from '../search/timetable.ts';
import type { ClassFilter } from '../search/vehicleClasses.ts';

export interface PopularRoute {
  fromId: number;
  toId: number;
  fromSlug: string;
  toSlug: string;
  fromNames: Record<string, string> & { en: string };
  toNames: Record<string, string> & { en: string };
  vehclasses: string[];
  routes: number;
}

export interface PopularRoutesQuery {
  classes?: ClassFilter;
  fromPlaceId?: number;
  limit: number;
}

export function popularRoutes(index: TimetableIndex, q: PopularRoutesQuery): PopularRoute[] {
  const found: (PopularRoute & { score: number })[] = [];
  for (const [fromId, targets] of index.hops) {
    if (q.fromPlaceId !== undefined && fromId !== q.fromPlaceId) continue;
    const from = index.places.get(fromId);
    if (!from) continue;
    for (const [toId, hops] of targets) {
      const to = index.places.get(toId);
      if (!to || toId === fromId) continue;
      const classes = [...new Set(hops.map((h) => h.route.vehicleClass))].sort();
      const wanted = q.classes;
      if (wanted && wanted !== 'all' && !classes.some((c) => (wanted as readonly string[]).includes(c))) continue;
      const routes = new Set(hops.map((h) => h.route.id)).size;
      found.push({
        fromId,
        toId,
        fromSlug: from.slug,
        toSlug: to.slug,
        fromNames: from.names,
        toNames: to.names,
        vehclasses: classes,
        routes,
        score: (from.popularity + 1) * (to.popularity + 1) * Math.log2(routes + 1),
      });
    }
  }
  return found
    .sort((a, b) => b.score - a.score || a.fromSlug.localeCompare(b.fromSlug) || a.toSlug.localeCompare(b.toSlug))
    .slice(0, q.limit)
    .map((r) => ({
      fromId: r.fromId,
      toId: r.toId,
      fromSlug: r.fromSlug,
      toSlug: r.toSlug,
      fromNames: r.fromNames,
      toNames: r.toNames,
      vehclasses: r.vehclasses,
      routes: r.routes,
    }));
}
