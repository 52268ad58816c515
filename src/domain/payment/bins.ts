/**
 * Card-method resolution (SPEC §7 checkout/resolve-card-payment-method): the first digits of a
 * card (its BIN, 6 to 8 digits) name the scheme, the issuing country and the card type, and
 * those decide which provider takes the card and what the shop pays for it. The project ships
 * this table; Admin adds or changes ranges over it (table `card_bin_ranges`, src/server/ops/cardBins.ts).
 * The longest matching prefix wins, so a bank's own range refines its scheme's default.
 */
import { z } from 'zod';

export const CARD_TYPES = ['credit', 'debit', 'prepaid'] as const;
export const CARD_SCHEMES = ['visa', 'mastercard', 'amex', 'jcb', 'discover', 'unionpay', 'maestro'] as const;
/** Paygates that take cards (src/server/payment/paygates.ts). */
export const CARD_PAYGATES = ['yuno', 'sandbox-card'] as const;

export const binRangeSchema = z.object({
  prefix: z.string().regex(/^\d{1,8}$/),
  scheme: z.enum(CARD_SCHEMES),
  /** ISO 3166-1 alpha-2; `ZZ` when the range does not say. */
  issuerCountry: z.string().regex(/^[A-Z]{2}$/),
  cardType: z.enum(CARD_TYPES),
  paygate: z.enum(CARD_PAYGATES),
  /** The provider's fee for this card in basis points of the amount (150 = 1.5 %). */
  feeBasisPoints: z.number().int().min(0).max(1000),
});
export type BinRange = z.infer<typeof binRangeSchema>;

/** What the traveller types: 6 to 8 leading digits (spaces allowed, as on the card). */
export const binSchema = z
  .string()
  .transform((s) => s.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6,8}$/));

/**
 * The shipped table: scheme defaults by their published leading digits, and the ranges of the
 * sandbox test cards (src/domain/payment/card.ts) with a known issuer. Cards go to Yuno by
 * default; American Express and UnionPay, which Yuno's account here does not route, stay with
 * the card gateway.
 */
export const SHIPPED_BIN_RANGES: readonly BinRange[] = [
  { prefix: '4', scheme: 'visa', issuerCountry: 'ZZ', cardType: 'credit', paygate: 'yuno', feeBasisPoints: 180 },
  { prefix: '51', scheme: 'mastercard', issuerCountry: 'ZZ', cardType: 'credit', paygate: 'yuno', feeBasisPoints: 190 },
  { prefix: '52', scheme: 'mastercard', issuerCountry: 'ZZ', cardType: 'credit', paygate: 'yuno', feeBasisPoints: 190 },
  { prefix: '53', scheme: 'mastercard', issuerCountry: 'ZZ', cardType: 'credit', paygate: 'yuno', feeBasisPoints: 190 },
  { prefix: '54', scheme: 'mastercard', issuerCountry: 'ZZ', cardType: 'credit', paygate: 'yuno', feeBasisPoints: 190 },
  { prefix: '55', scheme: 'mastercard', issuerCountry: 'ZZ', cardType: 'credit', paygate: 'yuno', feeBasisPoints: 190 },
  { prefix: '2', scheme: 'mastercard', issuerCountry: 'ZZ', cardType: 'credit', paygate: 'yuno', feeBasisPoints: 190 },
  { prefix: '34', scheme: 'amex', issuerCountry: 'US', cardType: 'credit', paygate: 'sandbox-card', feeBasisPoints: 290 },
  { prefix: '37', scheme: 'amex', issuerCountry: 'US', cardType: 'credit', paygate: 'sandbox-card', feeBasisPoints: 290 },
  { prefix: '35', scheme: 'jcb', issuerCountry: 'JP', cardType: 'credit', paygate: 'yuno', feeBasisPoints: 220 },
  { prefix: '6011', scheme: 'discover', issuerCountry: 'US', cardType: 'credit', paygate: 'yuno', feeBasisPoints: 230 },
  { prefix: '65', scheme: 'discover', issuerCountry: 'US', cardType: 'credit', paygate: 'yuno', feeBasisPoints: 230 },
  { prefix: '62', scheme: 'unionpay', issuerCountry: 'CN', cardType: 'debit', paygate: 'sandbox-card', feeBasisPoints: 250 },
  { prefix: '424242', scheme: 'visa', issuerCountry: 'US', cardType: 'credit', paygate: 'yuno', feeBasisPoints: 180 },
  { prefix: '400000', scheme: 'visa', issuerCountry: 'GB', cardType: 'debit', paygate: 'yuno', feeBasisPoints: 120 },
];

/** The range a BIN falls in: the longest prefix, Admin's ranges before the shipped ones of the same length. */
export function resolveBin(
  bin: string,
  adminRanges: readonly BinRange[],
  shipped: readonly BinRange[] = SHIPPED_BIN_RANGES,
): BinRange | undefined {
  let best: BinRange | undefined;
  for (const range of [...adminRanges, ...shipped])
    if (bin.startsWith(range.prefix) && (!best || range.prefix.length > best.prefix.length)) best = range;
  return best;
}

/**
 * Admin's ranges never contain one another (a prefix that starts with another's digits covers
 * part of its cards), so which of them applies to a card never depends on which was saved last;
 * they refine the shipped table, which does nest. The same prefix is the same range: saving it
 * changes that range. Answers Admin's range that `prefix` would overlap, if any.
 */
export function overlappingRange<R extends Pick<BinRange, 'prefix'>>(prefix: string, adminRanges: readonly R[]): R | undefined {
  return adminRanges.find((r) => r.prefix !== prefix && (r.prefix.startsWith(prefix) || prefix.startsWith(r.prefix)));
}

/**
 * Admin's form for a range (/{lang}/op/card-bins): the form's strings, the fee typed in basis
 * points, the country in either case.
 */
export const binRangeForm = binRangeSchema.extend({
  prefix: z.string().trim().pipe(binRangeSchema.shape.prefix),
  issuerCountry: z.string().trim().toUpperCase().pipe(binRangeSchema.shape.issuerCountry),
  feeBasisPoints: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/)
    .transform(Number)
    .pipe(binRangeSchema.shape.feeBasisPoints),
});

/** The fee on an amount, in its minor units, rounded up (the provider never bills a fraction less). */
export function cardFeeMinor(amountMinor: number, feeBasisPoints: number): number {
  return Math.ceil((amountMinor * feeBasisPoints) / 10_000);
}
