/**
 * Everything printed on a ticket, read once: the booking, its legs with local times in each
 * station's zone, operator, class, passengers and the operator's boarding instructions.
 */
import { eq } from 'drizzle-orm';
import type { TimetableIndex } from '../../domain/search/timetable.ts';
import { toMoney, type Money } from '../../domain/search/money.ts';
import type { Db } from '../db/client.ts';
import { bookings } from '../db/schema.ts';
import type { LoadedCart } from '../cart/cart.ts';
import { loadBookedCart } from '../booking/bookedCart.ts';
import { legDetails, type LegDetails } from '../cart/view.ts';
import type { TicketItem } from '../products/product.ts';
import { productTicketItems } from '../products/lines.ts';
import { legKeyOf, seatsOfBooking } from '../seats/seatMaps.ts';
import type { Translate } from '../../i18n/translate.ts';
import type { MessageKey } from '../../i18n/messageKeys.ts';

export interface TicketData {
  id: number;
  reference: string;
  status: string;
  lang: string;
  email: string | null;
  people: number;
  total: Money;
  /** What the cancellation refunds (minor units of the total's currency); null until cancelled. */
  refundMinor: number | null;
  passengers: string[];
  /** `seats`: the places chosen on the leg's seat map (empty: the operator seats travellers on board). */
  legs: (LegDetails & { arrival_at: string; instructions: string; seats: string[] })[];
  /** The booking's other products (src/server/products), as each prints itself. */
  products: TicketItem[];
}

export function passengerName(p: Record<string, unknown>): string {
  const full = typeof p.full_name === 'string' ? p.full_name.trim() : '';
  if (full) return full;
  return [p.first_name, p.middle_name, p.last_name].filter((x): x is string => typeof x === 'string' && x.trim() !== '').join(' ');
}

/** The operator's instruction for boarding, by kind of vehicle (translation key). */
export function instructionKey(vehclass: string | null): MessageKey {
  if (vehclass === 'ferry') return 'ticket.instructionsFerry';
  if (vehclass === 'avia') return 'ticket.instructionsFlight';
  if (vehclass === 'train') return 'ticket.instructionsTrain';
  return 'ticket.instructionsRoad';
}

/** The rows a ticket is made of; read once, then presented in as many languages as needed. */
export interface TicketRows {
  booking: typeof bookings.$inferSelect;
  /** The booking's trip: its cart, or of a cart paid in parts (issue 26) only its part's legs and extras. */
  cart: LoadedCart;
  /** The booking's places by departure key (src/server/seats), while its holds are live. */
  seats: Map<string, string[]>;
}

export async function readTicketRows(db: Db, bookingId: number): Promise<TicketRows | undefined> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking) return undefined;
  const cart = await loadBookedCart(db, booking);
  return cart && { booking, cart, seats: await seatsOfBooking(db, booking.id) };
}

export async function loadTicketData(
  db: Db,
  index: TimetableIndex,
  bookingId: number,
  localeCode: string,
  t: Translate,
): Promise<TicketData | undefined> {
  const rows = await readTicketRows(db, bookingId);
  return rows && presentTicket(rows, index, localeCode, t);
}

/** The ticket's printed facts in one language (station names, boarding instructions). */
export function presentTicket({ booking, cart, seats }: TicketRows, index: TimetableIndex, localeCode: string, t: Translate): TicketData {
  return {
    id: booking.id,
    reference: booking.reference,
    status: booking.status,
    lang: booking.lang,
    email: booking.email,
    people: booking.people,
    total: toMoney(booking.totalMinor, booking.currency, index.fx),
    refundMinor: booking.refundMinor,
    passengers: booking.passengers.map(passengerName),
    legs: cart.items.flatMap((item) =>
      item.legs.map((leg) => {
        const details = legDetails(leg, index, localeCode);
        return {
          ...details,
          arrival_at: leg.arrivalAt.toISOString(),
          instructions: t(instructionKey(details.vehclass)),
          seats: seats.get(legKeyOf(leg)) ?? [],
        };
      }),
    ),
    products: productTicketItems(cart.products, localeCode, t),
  };
}
