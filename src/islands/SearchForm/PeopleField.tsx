/**
 * Passengers: a button with the total that opens a modal with three counters (SPEC §5). The
 * counts are written back — and the total shown — when the modal closes.
 */
import { useRef, useState } from 'react';
import { counterMax, counterMin, PASSENGER_KINDS, setCounter, totalPeople, type Passengers } from '../../domain/results/passengers.ts';
import type { IslandT } from '../shared/translate.ts';
import { useModalDialog } from '../shared/useModalDialog.ts';

interface Props {
  value: Passengers;
  onClose: (value: Passengers) => void;
  t: IslandT;
}

export function PeopleField({ value, onClose, t }: Props) {
  const [draft, setDraft] = useState<Passengers | null>(null);
  const opener = useRef<HTMLButtonElement>(null);

  /** Closing — by Done, Escape, the backdrop or the close icon — writes the counts back. */
  function close() {
    if (draft) onClose(draft);
    setDraft(null);
    opener.current?.focus();
  }
  const modal = useModalDialog('passengers', draft !== null, close);

  const total = totalPeople(value);
  return (
    <div className="sf-field sf-people">
      <span className="sf-label" id="sf-people-label">
        {t('search.passengers')}
      </span>
      <button
        ref={opener}
        type="button"
        className="sf-input"
        aria-haspopup="dialog"
        aria-labelledby="sf-people-label sf-people-value"
        onClick={() => {
          setDraft(value);
        }}
      >
        <span id="sf-people-value">{t('search.peopleSummary', { count: total })}</span>
      </button>
      <dialog ref={modal.ref} className="sf-modal" aria-labelledby="sf-people-title" {...modal.dialogProps}>
        {draft && (
          <>
            <h2 id="sf-people-title" className="sf-modal__title">
              {t('search.passengers')}
            </h2>
            {PASSENGER_KINDS.map((kind) => (
              <div className="sf-counter" key={kind}>
                <span id={`sf-count-${kind}`}>{t(`search.${kind}`)}</span>
                <button
                  type="button"
                  className="sf-counter__button"
                  aria-label={t(`search.fewer.${kind}`)}
                  disabled={draft[kind] <= counterMin(kind)}
                  onClick={() => {
                    setDraft(setCounter(draft, kind, draft[kind] - 1));
                  }}
                >
                  −
                </button>
                <output aria-labelledby={`sf-count-${kind}`} aria-live="polite">
                  {draft[kind]}
                </output>
                <button
                  type="button"
                  className="sf-counter__button"
                  aria-label={t(`search.more.${kind}`)}
                  disabled={draft[kind] >= counterMax(draft, kind)}
                  onClick={() => {
                    setDraft(setCounter(draft, kind, draft[kind] + 1));
                  }}
                >
                  +
                </button>
              </div>
            ))}
            {/* Done is this modal's close control: it goes through the stack like Escape. */}
            <button type="button" className="button" onClick={modal.closeIcon.onClick}>
              {t('search.done')}
            </button>
          </>
        )}
      </dialog>
    </div>
  );
}
