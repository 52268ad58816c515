/**
 * One rail pass under the results page's `railpass` tab (issue 21): a search between places the
 * pass covers lists it beside the trips. Name, issuer, travel days, the lowest class price and
 * the rating; its link opens the pass page, where it is bought. Plain markup, no state of its own.
 */
import { memo } from 'react';
import { passMinPrice, type TripsPass } from '../../domain/results/passes.ts';
import type { IslandT } from '../shared/translate.ts';
import { dataKey } from '../../i18n/messageKeys.ts';

interface Props {
  pass: TripsPass;
  t: IslandT;
  formatPrice: (value: number, currency: string) => string;
  /** The outbound leg of a round trip: following the link records the pass in the round-trip state. */
  onChoose?: ((pass: TripsPass) => void) | undefined;
  headingLevel?: 3 | 4;
}

export const PassCard = memo(function PassCard({ pass, t, formatPrice, onChoose, headingLevel = 3 }: Props) {
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  const headingId = `pass-${String(pass.id)}`;
  const min = passMinPrice(pass);
  const currency = pass.classOptions[0]?.minPrice.fxcode;
  const days = pass.validity[0];
  return (
    <article className="trip pass" aria-labelledby={headingId}>
      <div className="trip__main">
        <Heading className="pass__name" id={headingId}>
          {pass.name}
        </Heading>
        <p className="trip__operators">{t('railpass.trips.issuer', { name: pass.operators.map((o) => o.name).join(', ') })}</p>
        <p className="trip__meta">
          {days !== undefined && <span>{t('railpass.trips.days', { days })}</span>}
          {pass.classOptions.length > 0 && <span> · {pass.classOptions.map((o) => o.name).join(', ')}</span>}
        </p>
        <ul className="trip__badges">
          {pass.labels.map((l) => (
            <li key={l.key} className="trip__badge trip__badge--pick">
              {t(dataKey('railpass.label.', l.key.replaceAll('-', '_')))}
            </li>
          ))}
          {pass.rating !== null && <li className="trip__badge">{t('results.ratingValue', { rating: pass.rating.toFixed(1) })}</li>}
        </ul>
      </div>
      <div className="trip__buy">
        {min !== null && currency && (
          <p className="trip__price">
            <bdi className="trip__price-value">{t('railpass.fromPrice', { price: formatPrice(min, currency) })}</bdi>
          </p>
        )}
        <a
          className="button trip__select"
          href={pass.url}
          aria-describedby={headingId}
          onClick={() => {
            onChoose?.(pass);
          }}
        >
          {t('railpass.trips.view')}
        </a>
      </div>
    </article>
  );
});
