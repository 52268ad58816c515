/**
 * The rail pass product (kind `railpass`, src/server/products): a pass of the catalogue in one
 * class, from a start date, for the line's travellers, each of their own passenger kind. Priced as
 * the sum of each traveller's fare through the search FX into the cart's currency; each traveller takes one unit of
 * the pass's allocation for that start date; refunded under the pass's own rule; confirmed at once
 * (the voucher is ours to issue); printed on the ticket with its validity and how to exchange or
 * activate it. The line carries the pass's terms as sold (`PassTerms`), so the ticket, the stock
 * and the refund never need the catalogue, and a later catalogue change never rewrites a sale.
 */
import { isDeepStrictEqual } from 'node:util';
import { lastValidDay, lineFare, lineProblems, refundDeadline } from '../../domain/railpass/purchase.ts';
import { RAILPASS_KIND, railpassLineSchema, type PassTerms, type RailpassLine, type RailpassPurchase } from '../../domain/railpass/line.ts';
import type { RailpassRecord } from '../../domain/railpass/types.ts';
import { convertMinor } from '../../domain/search/money.ts';
import { simpleProduct, type Translate } from '../products/product.ts';

/** A name in the reader's language, English when the issuer gives none. */
export function localized(names: { en: string } & Record<string, string>, localeCode: string): string {
  return names[localeCode] ?? names.en;
}

/** "7 consecutive days" / "5 travel days within 14 days", translated. */
export function validityText(validity: RailpassRecord['validity'], t: Translate): string {
  return validity.mode === 'consecutive'
    ? t('railpass.validityConsecutive', { count: validity.days })
    : t('railpass.validityFlexi', { days: validity.days, within: validity.withinDays });
}

/** The terms a line of this pass and class is sold under. */
export function termsOf(pass: RailpassRecord, classKey: string): PassTerms | undefined {
  const option = pass.classOptions.find((c) => c.key === classKey);
  if (!option) return undefined;
  return {
    names: pass.names,
    className: option.name,
    validity: pass.validity,
    activation: pass.activation,
    refund: pass.refund,
    dailyAllocation: pass.dailyAllocation,
  };
}

/** The cart line for a purchase of this pass, or undefined when the class does not exist. */
export function railpassLineOf(pass: RailpassRecord, purchase: RailpassPurchase): RailpassLine | undefined {
  const terms = termsOf(pass, purchase.classKey);
  return terms ? { ...purchase, terms } : undefined;
}

export const railpassProduct = simpleProduct<RailpassLine>({
  kind: RAILPASS_KIND,
  line: railpassLineSchema,
  quote(line, q) {
    const pass = q.index.railpasses?.byId.get(line.passId);
    if (!pass) return 'unknown_product';
    if (!isDeepStrictEqual(termsOf(pass, line.classKey), line.terms)) return 'unknown_option';
    const problems = lineProblems(pass, line, q.now);
    if (problems.some((p) => p.field === 'startDate')) return 'sales_closed';
    if (problems.length) return 'unknown_option';
    // Each traveller pays their own kind's fare: summed in the issuer's currency, converted once.
    const fare = lineFare(pass, line.classKey, line.travellers);
    if (fare === undefined) return 'unknown_option';
    const price = convertMinor(fare, pass.currency, q.currency, q.index.fx);
    return price === undefined ? 'no_price' : { priceMinor: price, currency: q.currency };
  },
  stock: (line) => ({ key: `${String(line.passId)}:${line.startDate}`, capacity: line.terms.dailyAllocation }),
  refundTerm: (line, fareMinor) => ({
    departureAt: new Date(`${line.startDate}T00:00:00Z`),
    fullRefundUntil: refundDeadline(line.terms, line.startDate),
    fareMinor,
    lateRefundPct: line.terms.refund.lateRefundPct,
  }),
  confirmation: () => 'instant',
  ticketItem(line, localeCode, t) {
    return {
      title: localized(line.terms.names, localeCode),
      details: [
        `${t('railpass.class')}: ${localized(line.terms.className, localeCode)}`,
        validityText(line.terms.validity, t),
        ...line.travellers.map(
          (p) =>
            `${t('railpass.travellerLine', { name: p.fullName, birthDate: p.birthDate, residence: p.residence })} · ${t(`railpass.kind.${p.kind}`)}`,
        ),
        t(`railpass.howTo.${line.terms.activation}`),
      ],
      validFrom: line.startDate,
      validUntil: lastValidDay(line.terms, line.startDate),
      holders: line.travellers.map((p) => p.fullName),
    };
  },
});
