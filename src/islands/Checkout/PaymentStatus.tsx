/**
 * The payment status page's live part (SPEC §2 /payment-status/booking/{id}): polls
 * pay/payment-result until the answer is final, then goes to the success page, or explains
 * what happened and offers to pay again.
 */
import { useEffect, useState } from 'react';
import { islandTranslator } from '../shared/translate.ts';
import './Checkout.css';

interface Props {
  lang: string;
  /** The booking's public id. */
  bookingId: string;
  payUrl: string | null;
  messages: Record<string, string>;
}

interface Result {
  status: string;
  final: boolean;
  paid: boolean;
  success_url: string | null;
  payment: { paygate: string; status: string; failure_code: string | null; reference: string | null; expires_at: string | null } | null;
}

const POLL_MS = 1500;

export default function PaymentStatus({ lang, bookingId, payUrl, messages }: Props) {
  const t = islandTranslator(messages, lang);
  const [result, setResult] = useState<Result | null>(null);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function poll() {
      try {
        const response = await fetch(`/api/nuxt/${lang}/pay/payment-result?booking=${encodeURIComponent(bookingId)}`, {
          cache: 'no-store',
        });
        if (response.ok) {
          const body = (await response.json()) as Result;
          if (stopped) return;
          setResult(body);
          if (body.paid && body.success_url) {
            window.location.assign(body.success_url);
            return;
          }
          // An unpaid counter order is waiting for the traveller, not for us: keep polling slowly.
          if (body.final) return;
        }
      } catch {
        // A dropped connection is retried on the next tick.
      }
      if (!stopped) timer = setTimeout(() => void poll(), POLL_MS);
    }
    void poll();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [lang, bookingId]);

  if (!result || (!result.final && result.payment?.paygate !== 'counter')) {
    return (
      <p role="status" aria-live="polite">
        {t('pay.waiting')}
      </p>
    );
  }
  if (result.payment?.paygate === 'counter' && result.payment.status === 'pending') {
    return (
      <div className="notice" role="status">
        <p>{t('pay.counterInstructions', { reference: result.payment.reference ?? '' })}</p>
        <p>{t('pay.counterExpires', { time: new Date(result.payment.expires_at ?? '').toLocaleString() })}</p>
      </div>
    );
  }
  const failed = result.payment?.status === 'failed';
  return (
    <div className="notice notice--error" role="alert">
      <p>
        {failed
          ? t('pay.failed')
          : result.status === 'refunded'
            ? t('pay.refunded')
            : result.status === 'expired'
              ? t('pay.expired')
              : t('pay.failed')}
      </p>
      {payUrl && (
        <p>
          <a className="button" href={payUrl}>
            {t('pay.tryAgain')}
          </a>
        </p>
      )}
    </div>
  );
}
