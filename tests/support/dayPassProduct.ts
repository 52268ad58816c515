/**
 * A second product kind for the booking core's tests (rail passes bring the real one): an island
 * day pass for a given day, priced in THB, three per day, refunded in full until the day before
 * and half after. Registered by the tests that use it (src/server/products/registry.ts).
 */
import { z } from 'zod';
import { convertMinor } from '../../src/domain/search/money.ts';
import { simpleProduct } from '../../src/server/products/product.ts';

export const DAY_PASS_KIND = 'test_day_pass';
export const DAY_PASS_PRICE_THB_MINOR = 50_000;
export const DAY_PASSES_PER_DAY = 3;

const line = z.object({
  pass: z.enum(['koh-tao-snorkel']),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
type DayPass = z.infer<typeof line>;

/** Midnight of the day in Bangkok (UTC+7), as an instant. */
function startOf(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00+07:00`));
}

export const dayPassProduct = simpleProduct<DayPass>({
  kind: DAY_PASS_KIND,
  line,
  quote(pass, q) {
    if (q.now >= startOf(pass.day).getTime()) return 'sales_closed';
    // Every traveller of the cart takes a pass at the one price.
    const unit = convertMinor(DAY_PASS_PRICE_THB_MINOR, 'THB', q.currency, q.index.fx);
    return unit === undefined ? 'no_price' : { priceMinor: unit * q.people, currency: q.currency };
  },
  stock: (pass) => ({ key: `${pass.pass}:${pass.day}`, capacity: DAY_PASSES_PER_DAY }),
  refundTerm: (pass, fareMinor) => ({
    departureAt: startOf(pass.day),
    fullRefundUntil: new Date(startOf(pass.day).getTime() - 86_400_000),
    fareMinor,
    lateRefundPct: 50,
  }),
  confirmation: () => 'instant',
  ticketItem: (pass) => ({
    title: 'Koh Tao snorkel day pass',
    details: ['Show this ticket at the Mae Haad pier desk before 09:00.'],
    validFrom: pass.day,
    validUntil: pass.day,
  }),
});
