/**
 * The round-trip modal (SPEC §3 round trip state: showModal, unavailableReason): confirms the
 * chosen outbound trip and leads to the return list, or says why it cannot go on.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $roundTrip, closeRoundTripModal } from '../../stores/results.store.ts';
import type { IslandT } from '../shared/translate.ts';
import type { Names } from './names.ts';

export function RoundTripModal({ t, names }: { t: IslandT; names: Names }) {
  const state = useStore($roundTrip);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (state.showModal && !d.open) d.showModal();
    if (!state.showModal && d.open) d.close();
  }, [state.showModal]);

  const trip = state.trip;
  return (
    <dialog
      ref={dialog}
      className="sr__modal"
      aria-labelledby="sr-rt-title"
      onCancel={(e) => {
        e.preventDefault();
        closeRoundTripModal();
      }}
    >
      <h2 id="sr-rt-title">{t('results.roundTrip.title')}</h2>
      {trip && (
        <p>
          {t('results.roundTrip.chosen', {
            time: `${trip.params.dep_time.slice(0, 10)} ${trip.params.dep_time.slice(11, 16)}`,
            from: names.station(trip.params.from),
            to: names.station(trip.params.to),
          })}
        </p>
      )}
      {state.unavailableReason && <p role="alert">{t(`results.roundTrip.${state.unavailableReason}`)}</p>}
      <button
        type="button"
        className="button"
        onClick={closeRoundTripModal}
        disabled={!state.unavailableReason && state.leg === 'outbound'}
      >
        {state.unavailableReason ? t('error.close') : t('results.roundTrip.continue')}
      </button>
    </dialog>
  );
}
