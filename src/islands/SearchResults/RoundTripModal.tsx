/**
 * The round-trip modal (SPEC §3 round trip state: showModal, unavailableReason): confirms the
 * chosen outbound trip and leads to the return list, or says why it cannot go on.
 */
import { useStore } from '@nanostores/react';
import { $roundTrip, closeRoundTripModal } from '../../stores/roundTrip.store.ts';
import type { IslandT } from '../shared/translate.ts';
import { useModalDialog } from '../shared/useModalDialog.ts';
import type { Names } from './names.ts';

export function RoundTripModal({ t, names }: { t: IslandT; names: Names }) {
  const state = useStore($roundTrip);
  // While the outbound cart is being made there is nothing to go on to: the modal cannot be closed.
  const pending = !state.unavailableReason && state.leg === 'outbound';
  const modal = useModalDialog('roundTrip', state.showModal, closeRoundTripModal, pending);

  const trip = state.trip;
  return (
    <dialog ref={modal.ref} className="sr__modal" aria-labelledby="sr-rt-title" {...modal.dialogProps}>
      {!modal.closeIcon.hidden && (
        <button type="button" className="modal-close" aria-label={t('error.close')} onClick={modal.closeIcon.onClick}>
          <span aria-hidden="true">×</span>
        </button>
      )}
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
      <button type="button" className="button" onClick={modal.closeIcon.onClick} disabled={pending}>
        {state.unavailableReason ? t('error.close') : t('results.roundTrip.continue')}
      </button>
    </dialog>
  );
}
