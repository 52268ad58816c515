/**
 * The payment status page's live part (SPEC §2 /payment-status/booking/{id}): starts from the
 * server's answer (a counter order shows its reference at once), polls pay/payment-result
 * until the answer is final, then goes to the success page, or explains what happened and
 * offers to pay again.
 *
 * Coming back to this page (Back from the success page) does not forward again: it says the
 * booking is paid and links to it.
 */
import { useEffect, useMemo, useState } from 'react';
import type { PaymentResult } from '../../domain/payment/paymentView.ts';
import { islandTranslator } from '../shared/translate.ts';
import './Checkout.css';
import { apiGet } from '../../stores/apiGet.ts';
import type { IslandMessages } from '../../i18n/islandMessages.ts';

interface Props {
  lang: string;
  localeCode: string;
  /** The booking's public id. */
  bookingId: string;
  payUrl: string | null;
  /** The server's answer when the page was rendered. */
  initial: PaymentResult;
  /** Where the trip starts: the counter's station and the zone its times are read in. */
  station: { name: string; timeZone: string };
  /** The amount to pay, formatted. */
  amount: string;
  messages: IslandMessages;
}

const POLL_MS = 1500;

function cameBack(): boolean {
  const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === 'back_forward';
}

export default function PaymentStatus({ lang, localeCode, bookingId, payUrl, initial, station, amount, messages }: Props) {
  const t = islandTranslator(messages, localeCode);
  const [result, setResult] = useState<PaymentResult>(initial);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const back = cameBack();
    const settle = (body: PaymentResult): boolean => {
      if (body.paid && body.success_url) {
        if (!back) window.location.assign(body.success_url);
        return true;
      }
      // An unpaid counter order is waiting for the traveller, not for us: keep polling slowly.
      return body.final;
    };
    async function poll() {
      try {
        // The answer is sent no-store, so each poll asks the server again.
        const answer = await apiGet(lang, 'pay/payment-result', { booking: bookingId });
        if (answer.ok) {
          const body = answer.data;
          if (stopped) return;
          setResult(body);
          if (settle(body)) return;
        }
      } catch {
        // A dropped connection is retried on the next tick.
      }
      if (!stopped) timer = setTimeout(() => void poll(), POLL_MS);
    }
    if (!settle(initial)) timer = setTimeout(() => void poll(), initial.payment?.paygate === 'counter' ? POLL_MS : 0);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [lang, bookingId, initial]);

  const expiry = useMemo(() => {
    const at = result.payment?.expires_at;
    if (!at) return '';
    return new Intl.DateTimeFormat(localeCode, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: station.timeZone,
      timeZoneName: 'long',
    }).format(new Date(at));
  }, [result.payment?.expires_at, localeCode, station.timeZone]);

  if (result.paid && result.success_url) {
    return (
      <div className="notice" role="status">
        <p>{t('pay.paidNotice')}</p>
        <p>
          <a className="button" href={result.success_url}>
            {t('pay.showBooking')}
          </a>
        </p>
      </div>
    );
  }
  if (result.payment?.paygate === 'counter' && result.payment.status === 'pending') {
    return (
      <section className="notice pay-counter" aria-labelledby="pay-counter-title">
        <h2 id="pay-counter-title">{t('pay.counterTitle')}</h2>
        <p>{t('pay.counterWhat', { station: station.name, amount })}</p>
        <p className="pay-counter__reference">{t('pay.counterReference', { reference: result.payment.reference ?? '' })}</p>
        <p>{t('pay.counterDeadline', { time: expiry })}</p>
      </section>
    );
  }
  if (!result.final) {
    return (
      <p role="status" aria-live="polite">
        {t('pay.waiting')}
      </p>
    );
  }
  const failed = result.payment?.status === 'failed';
  return (
    <div className="notice notice--error" role="alert">
      <p>
        {failed
          ? t(result.payment?.paygate === 'finapi' ? 'pay.failedBank' : 'pay.failed')
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
