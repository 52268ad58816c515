/**
 * Which operations a path under /api/ has, from the operation list of the OpenAPI document
 * (openapi.ts) — the one list of what the API serves, kept complete by openapi.test.ts. The
 * middleware answers 404 for a path with no operation and 405 (with Allow) for a method the
 * path does not serve, before any handler runs.
 */
import { API_OPERATIONS, type ApiOperation } from './openapi.ts';

/** Bodies larger than this are refused (413) unless an operation says otherwise. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;
/** The booking form carries every passenger of a cart (up to 20 travellers × a few fields). */
const BOOKING_FORM_LIMIT = 64 * 1024;
const BODY_LIMITS: Readonly<Record<string, number>> = {
  '/api/nuxt/{lang}/validate/form': BOOKING_FORM_LIMIT,
  '/api/nuxt/{lang}/checkout/booking-form': BOOKING_FORM_LIMIT,
  '/api/nuxt/{lang}/checkout/reserve/{hash}': BOOKING_FORM_LIMIT,
  // A batch of up to 100 events with click paths of up to 100 ancestors; replay chunks carry DOM snapshots.
  '/api/nuxt/{lang}/analytics/visitlog': 256 * 1024,
  '/api/nuxt/{lang}/analytics/client-errors': 256 * 1024,
  '/api/nuxt/{lang}/analytics/replay': 2 * 1024 * 1024,
};

export interface ApiRoute {
  path: string;
  operations: ReadonlyMap<string, ApiOperation>;
  /** The methods for an Allow header: HEAD wherever GET is served. */
  allow: readonly string[];
  bodyLimit: number;
}

function compile(template: string): RegExp {
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`);
}

const ROUTES: readonly (ApiRoute & { pattern: RegExp })[] = (() => {
  const byPath = new Map<string, ApiOperation[]>();
  for (const op of API_OPERATIONS) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  // Literal paths first: /total/split/{hash} must not be taken for /total/{hash}.
  const literalFirst = [...byPath.entries()].sort(([a], [b]) => a.split('{').length - b.split('{').length);
  return literalFirst.map(([path, ops]) => {
    const methods = ops.map((op) => op.method.toUpperCase());
    return {
      path,
      pattern: compile(path),
      operations: new Map(ops.map((op) => [op.method.toUpperCase(), op])),
      allow: methods.includes('GET') ? [...methods, 'HEAD'] : methods,
      bodyLimit: BODY_LIMITS[path] ?? DEFAULT_BODY_LIMIT,
    };
  });
})();

/** The route a request path belongs to, or undefined when the API has no such path. */
export function apiRouteFor(pathname: string): ApiRoute | undefined {
  return ROUTES.find((route) => route.pattern.test(pathname));
}

/** The operation that serves a method on a route (HEAD is served as GET). */
export function operationFor(route: ApiRoute, method: string): ApiOperation | undefined {
  return route.operations.get(method === 'HEAD' ? 'GET' : method);
}
