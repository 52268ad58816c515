/**
 * The payment step's choice of paygate (SPEC §4 step 3). Placing the order carries an
 * Idempotency-Key made once per choice, so a double click or a retried request after a network
 * error places one order; the traveller then goes where the paygate says (the card gateway's
 * own page, or the payment status with a counter reference).
 */
import { useRef, useState } from 'react';
import { islandTranslator } from '../shared/translate.ts';
import { signalAnalytics } from '../../stores/analyticsSignal.ts';
import './Checkout.css';
import { apiHeaders } from '../../stores/clientHeaders.ts';

interface Props {
  lang: string;
  hash: string;
  paygates: { code: string; name: string; type: string }[];
  messages: Record<string, string>;
}

function newKey(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export default function PayOptions({ lang, hash, paygates, messages }: Props) {
  const t = islandTranslator(messages, lang);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const keys = useRef(new Map<string, string>());

  async function pay(code: string) {
    setBusy(code);
    setError(null);
    let key = keys.current.get(code);
    if (!key) keys.current.set(code, (key = newKey()));
    signalAnalytics('checkout_stage', { stage: 'Payment', paygate: code });
    try {
      const response = await fetch(`/api/nuxt/${lang}/pay/place-order-by-booking-cart-hash`, {
        method: 'POST',
        headers: apiHeaders({ 'content-type': 'application/json', 'idempotency-key': key }),
        body: JSON.stringify({ hash, paygate: code }),
      });
      const body = (await response.json()) as { redirect_url?: string; error?: { message?: string } };
      if (response.ok && body.redirect_url) {
        window.location.assign(body.redirect_url);
        return;
      }
      setError(body.error?.message ?? t('checkout.submitFailed'));
    } catch {
      setError(t('checkout.submitFailed'));
    }
    setBusy(null);
  }

  return (
    <div className="pay-options">
      {paygates.map((p) => (
        <button key={p.code} type="button" className="button" disabled={busy !== null} onClick={() => void pay(p.code)}>
          {busy === p.code ? t('pay.redirecting') : p.name}
        </button>
      ))}
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
