/** The view model of /{lang}/op/bookings?q=: support's booking search (reference, e-mail, name, phone). */
import { getDbHandle } from '../../db/index.ts';
import { bookingSearchQuery, findBookings, type BookingHit } from '../bookings.ts';
import { opGate } from '../page.ts';
import { pageView, type OpAstro } from './opView.ts';

export async function bookingsPage(astro: OpAstro) {
  const gate = opGate(astro.locals.session, 'page.bookings');
  const raw = astro.url.searchParams.get('q');
  let hits: BookingHit[] | undefined;
  let invalid = false;
  if (gate.kind === 'allowed' && raw !== null) {
    const query = bookingSearchQuery.safeParse({ q: raw });
    if (query.success) hits = await findBookings((await getDbHandle()).db, query.data.q);
    else invalid = true;
  }
  return pageView(gate, { raw, hits, invalid }, invalid ? 400 : 200);
}
