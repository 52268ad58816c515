/**
 * The payment step's choice of paygate (SPEC §4 step 3) for one booking. Each paygate is a plain
 * HTML form posting to `/{lang}/pay/{hash}/place` (src/pages/[lang]/pay/[hash]/place.ts), so a
 * click before this island has hydrated — or without JavaScript — still places the order and
 * lands on the paygate. Hydrated, the island sends the same order as a JSON call and stays on the
 * page to show a refusal. Both carry the Idempotency-Key the server rendered into the form, so a
 * double click, a retry after a network error or a form post racing the island places one order;
 * the traveller then goes where the paygate says (the card gateway's own page, or the payment
 * status with a counter reference).
 */
import { useState, type SyntheticEvent } from 'react';
import { islandTranslator } from '../shared/translate.ts';
import { signalAnalytics } from '../../stores/analyticsSignal.ts';
import './Checkout.css';
import { apiPost } from '../../stores/api.ts';
import type { IslandMessages } from '../../i18n/islandMessages.ts';

interface Props {
  lang: string;
  hash: string;
  /** The booking's public id (one part of a split payment, or the whole cart). */
  booking: string;
  /** Each paygate with the Idempotency-Key its form carries (made by the server per page view). */
  paygates: { code: string; name: string; type: string; key: string }[];
  /** A refusal the form post came back with, already translated. */
  initialError?: string | null;
  messages: IslandMessages;
}

export default function PayOptions({ lang, hash, booking, paygates, initialError = null, messages }: Props) {
  const t = islandTranslator(messages, lang);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(initialError);

  async function pay(event: SyntheticEvent<HTMLFormElement>, code: string, key: string) {
    event.preventDefault();
    if (busy !== null) return;
    setBusy(code);
    setError(null);
    signalAnalytics('checkout_stage', { stage: 'Payment', paygate: code });
    try {
      const placed = await apiPost(
        lang,
        'pay/place-order',
        { booking_id: booking, paygate: code },
        { headers: { 'idempotency-key': key } },
      );
      if (placed.ok && placed.data.redirect_url) {
        window.location.assign(placed.data.redirect_url);
        return;
      }
      setError((placed.ok ? undefined : placed.error?.message) ?? t('checkout.submitFailed'));
    } catch {
      setError(t('checkout.submitFailed'));
    }
    setBusy(null);
  }

  return (
    <div className="pay-options">
      {paygates.map((p) => (
        <form
          key={p.code}
          method="post"
          action={`/${lang}/pay/${encodeURIComponent(hash)}/place`}
          onSubmit={(event) => void pay(event, p.code, p.key)}
        >
          <input type="hidden" name="booking" value={booking} />
          <input type="hidden" name="paygate" value={p.code} />
          <input type="hidden" name="key" value={p.key} />
          <button type="submit" className="button" disabled={busy !== null}>
            {busy === p.code ? t('pay.redirecting') : p.name}
          </button>
        </form>
      ))}
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
