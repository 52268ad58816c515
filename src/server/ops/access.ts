/**
 * Who may do what in the operators area (/{lang}/op, SPEC §2 and §6): one table of actions and the
 * roles allowed each, and the one decision every op page and every op POST makes before it reads or
 * changes anything. The session comes from the database (the middleware's guard), never from the
 * display cookies. Staff must have two-factor sign-in turned on to enter at all.
 */
import type { Role } from '../../domain/accountMenu.ts';
import type { ChangeContext } from '../../domain/booking/actor.ts';

const SUPPORT_UP: readonly Role[] = ['admin', 'manager', 'support'];
const MANAGER_UP: readonly Role[] = ['admin', 'manager'];
const ADMIN: readonly Role[] = ['admin'];

/** Every page (`page.*`) and every form action of the area, with the roles allowed. */
export const OP_ACTIONS = {
  'page.home': SUPPORT_UP,
  'page.bookings': SUPPORT_UP,
  'page.booking': SUPPORT_UP,
  'booking.changePassengers': SUPPORT_UP,
  'booking.resendTicket': SUPPORT_UP,
  'booking.cancel': SUPPORT_UP,
  'booking.goodwillRefund': SUPPORT_UP,
  'page.cases': SUPPORT_UP,
  'page.case': SUPPORT_UP,
  'case.reply': SUPPORT_UP,
  'case.close': SUPPORT_UP,
  'page.counter': MANAGER_UP,
  'counter.markPaid': MANAGER_UP,
  'page.dashboard': MANAGER_UP,
  // Money given back, and the retry of a failed refund through the same paygate (src/server/ops/refunds.ts).
  'page.refunds': MANAGER_UP,
  'refunds.retry': MANAGER_UP,
  'page.departures': MANAGER_UP,
  'departures.closeSales': MANAGER_UP,
  'departures.reopenSales': MANAGER_UP,
  'page.funnel': MANAGER_UP,
  // The network as managers edit it (src/server/ops/stations.ts).
  'page.stations': MANAGER_UP,
  'stations.save': MANAGER_UP,
  'page.operators': MANAGER_UP,
  'operators.save': MANAGER_UP,
  'page.fares': MANAGER_UP,
  'fares.save': MANAGER_UP,
  // Routes, their schedules and the seats of a departure (src/server/ops/schedules.ts).
  'page.routes': MANAGER_UP,
  'schedules.save': MANAGER_UP,
  'schedules.add': MANAGER_UP,
  'schedules.end': MANAGER_UP,
  'departures.setSeats': MANAGER_UP,
  // The site's discounts (src/server/ops/pricingRules.ts).
  'page.pricing': MANAGER_UP,
  'pricing.save': MANAGER_UP,
  'pricing.delete': MANAGER_UP,
  'page.users': ADMIN,
  'users.changeRole': ADMIN,
  // Agents and resellers: the operator each sells for and their commission share (src/server/ops/resellers.ts).
  'page.resellers': ADMIN,
  'resellers.save': ADMIN,
  // Site settings changed at run time (src/server/ops/settings.ts, src/server/settings/).
  'page.settings': ADMIN,
  'settings.save': ADMIN,
  /** The card BIN table that decides provider and fee (src/server/ops/cardBins.ts, issue 26). */
  'page.cardBins': ADMIN,
  'cardBins.update': ADMIN,
  'cardBins.delete': ADMIN,
  // Issue 25: white-label partners and feature flags, changed at run time without a rebuild.
  'page.partners': ADMIN,
  'partners.save': ADMIN,
  'partners.delete': ADMIN,
  'page.flags': ADMIN,
  'flags.change': ADMIN,
  'page.redirects': ADMIN,
  'redirects.save': ADMIN,
  'redirects.delete': ADMIN,
  // Issue 22 item 4: the admin calls of SPEC §7 (src/server/admin/) and their pages. Reading a trip's
  // state and seeing what a partner sees are support work; rebuilding caches and editing help
  // articles touch every traveller (managers); search-engine texts are the site's face (admin).
  'page.tripinfo': SUPPORT_UP,
  'admin.tripinfo': SUPPORT_UP,
  'page.proxy': SUPPORT_UP,
  'admin.proxy': SUPPORT_UP,
  'admin.warmup': MANAGER_UP,
  'page.articles': MANAGER_UP,
  'admin.article': MANAGER_UP,
  'page.seo': ADMIN,
  'admin.seo': ADMIN,
  // Issue 22 item 3: timetables in and out as GTFS (src/server/ops/gtfs.ts).
  'page.gtfs': ADMIN,
  'gtfs.import': ADMIN,
  'gtfs.export': ADMIN,
} as const satisfies Record<string, readonly Role[]>;

export type OpAction = keyof typeof OP_ACTIONS;
export const OP_ACTION_NAMES = Object.keys(OP_ACTIONS) as OpAction[];

export interface OpUser {
  id: number;
  role: Role;
  /** A ticket-link session is no sign-in for staff work. */
  isTemp: boolean;
  totpEnabledAt: Date | null;
}

export interface StaffMember {
  userId: number;
  role: Role;
}

export type OpDecision = { kind: 'allowed'; staff: StaffMember } | { kind: 'login' } | { kind: 'forbidden' } | { kind: 'needs_two_factor' };

export function mayDo(role: Role, action: OpAction): boolean {
  return OP_ACTIONS[action].includes(role);
}

/** The decision for one page or action: sign in first, then the role, then two-factor. */
export function decideOpAccess(user: OpUser | null, action: OpAction): OpDecision {
  if (!user || user.isTemp) return { kind: 'login' };
  if (!mayDo(user.role, action)) return { kind: 'forbidden' };
  if (user.totpEnabledAt === null) return { kind: 'needs_two_factor' };
  return { kind: 'allowed', staff: { userId: user.id, role: user.role } };
}

/** Which areas a staff member's landing page links to. */
export function opSections(role: Role): {
  bookings: boolean;
  cases: boolean;
  counter: boolean;
  dashboard: boolean;
  refunds: boolean;
  departures: boolean;
  funnel: boolean;
  stations: boolean;
  operators: boolean;
  fares: boolean;
  routes: boolean;
  pricing: boolean;
  users: boolean;
  resellers: boolean;
  settings: boolean;
  tripinfo: boolean;
  proxy: boolean;
  partners: boolean;
  flags: boolean;
  redirects: boolean;
  articles: boolean;
  seo: boolean;
  gtfs: boolean;
  cardBins: boolean;
} {
  return {
    bookings: mayDo(role, 'page.bookings'),
    cases: mayDo(role, 'page.cases'),
    counter: mayDo(role, 'page.counter'),
    dashboard: mayDo(role, 'page.dashboard'),
    refunds: mayDo(role, 'page.refunds'),
    departures: mayDo(role, 'page.departures'),
    funnel: mayDo(role, 'page.funnel'),
    stations: mayDo(role, 'page.stations'),
    operators: mayDo(role, 'page.operators'),
    fares: mayDo(role, 'page.fares'),
    routes: mayDo(role, 'page.routes'),
    pricing: mayDo(role, 'page.pricing'),
    users: mayDo(role, 'page.users'),
    resellers: mayDo(role, 'page.resellers'),
    settings: mayDo(role, 'page.settings'),
    tripinfo: mayDo(role, 'page.tripinfo'),
    proxy: mayDo(role, 'page.proxy'),
    partners: mayDo(role, 'page.partners'),
    flags: mayDo(role, 'page.flags'),
    redirects: mayDo(role, 'page.redirects'),
    articles: mayDo(role, 'page.articles'),
    seo: mayDo(role, 'page.seo'),
    gtfs: mayDo(role, 'page.gtfs'),
    cardBins: mayDo(role, 'page.cardBins'),
  };
}

/** A staff member's change: the audit keeps who, why and the request it came in. */
export function staffContext(
  staff: StaffMember,
  requestId: string | null | undefined,
  reason?: string | null,
): ChangeContext & { actor: { kind: 'staff'; userId: number } } {
  return { actor: { kind: 'staff', userId: staff.userId }, requestId: requestId ?? null, reason: reason ?? null };
}

/** Refused inside a service when the caller's role may not do the action (the pages check first; this is the backstop). */
export class OpForbidden extends Error {
  readonly action: OpAction;
  constructor(action: OpAction) {
    super(`role may not ${action}`);
    this.action = action;
  }
}

export function assertMay(staff: StaffMember, action: OpAction): void {
  if (!mayDo(staff.role, action)) throw new OpForbidden(action);
}
