/**
 * Facts banners (SPEC §3 Fact): short, true statements about this search from facts-on-dates —
 * `travel` facts, the recommended trip and the day's groups of similar trips — each dismissable; dismissed ids are kept under facts_banned. They take one line above the
 * list (the first tip and how many more), which opens to all of them: on a phone the trips
 * come first.
 */
import type { Fact } from '../../domain/search/facts.ts';
import { dismissFact } from '../../stores/facts.store.ts';
import { localDate } from '../shared/localDate.ts';
import type { IslandT } from '../shared/translate.ts';
import { durationText } from './TripCard.tsx';
import { dataKey } from '../../i18n/messageKeys.ts';

interface Props {
  /** The facts not dismissed (the store's, or the server's first view's). */
  facts: readonly Fact[];
  t: IslandT;
  localeCode: string;
  formatPrice: (value: number, currency: string) => string;
}

function factText(fact: Fact, { t, localeCode, formatPrice }: Omit<Props, 'facts'>): string {
  switch (fact.id) {
    case 'cheapest_day': {
      const day = localDate(fact.date);
      const date = day ? new Intl.DateTimeFormat(localeCode, { weekday: 'long', day: 'numeric', month: 'long' }).format(day) : fact.date;
      return t('results.fact.cheapest_day', { date, price: formatPrice(fact.price.value, fact.price.fxcode) });
    }
    case 'fastest_trip':
      return t('results.fact.fastest_trip', { duration: durationText(fact.duration_min, t) });
    case 'night_trips':
      return t('results.fact.night_trips', { count: fact.count });
    case 'operators':
      return t('results.fact.operators', { count: fact.count });
    case 'recommended_trip': {
      const reasons = new Intl.ListFormat(localeCode, { type: 'conjunction' }).format(
        fact.reasons.map((rule) => t(`results.recommended.${rule}`)),
      );
      return t('results.fact.recommended', {
        mode: modeName(fact.vehclasses, t),
        time: fact.dep_time,
        price: formatPrice(fact.price.value, fact.price.fxcode),
        reasons,
      });
    }
    case 'trip_groups': {
      const groups = fact.groups.map((g) => {
        const values = {
          mode: modeName(g.vehclasses, t),
          count: g.count,
          times: g.first_dep === g.last_dep ? g.first_dep : `${g.first_dep}–${g.last_dep}`,
        };
        return g.min_price
          ? t('results.fact.group', { ...values, price: formatPrice(g.min_price.value, g.min_price.fxcode) })
          : t('results.fact.groupSoldOut', values);
      });
      return t('results.fact.groups', { groups: groups.join(' · ') });
    }
  }
}

/** "Train", or "Bus + Ferry" for a group that changes vehicles. */
function modeName(vehclasses: readonly string[], t: IslandT): string {
  return vehclasses.map((c) => t(dataKey('vehclass.', c))).join(' + ');
}

export function FactsBanners(props: Props) {
  const { facts, t } = props;
  const [first] = facts;
  if (!first) return null;
  return (
    <section className="sr__facts" aria-label={t('results.factsTitle')}>
      <details>
        <summary className="sr__facts-line">
          <span className="sr__facts-first">{factText(first, props)}</span>
          {facts.length > 1 && <span className="sr__facts-more">{t('results.moreTips', { count: facts.length - 1 })}</span>}
        </summary>
        <ul>
          {facts.map((fact) => (
            <li key={fact.id} className="sr__fact" data-fact-id={fact.id}>
              <span>{factText(fact, props)}</span>
              <button
                type="button"
                className="sr__fact-close"
                aria-label={t('results.dismiss')}
                onClick={() => {
                  dismissFact(fact.id);
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
