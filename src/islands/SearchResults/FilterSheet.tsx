/**
 * The filters on a narrow screen: a button in the list's toolbar that says how many filters are
 * active opens them in a sheet (a modal dialog) over the list; wide screens show the filters
 * beside the list and no button (SearchResults.css).
 */
import type { ReactNode } from 'react';
import type { IslandT } from '../shared/translate.ts';
import { useModalDialog } from '../shared/useModalDialog.ts';

interface Props {
  t: IslandT;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  /** Active filters, shown on the button. */
  active: number;
  /** Trips the filters leave, on the button that closes the sheet. */
  count: number;
  /** The filter panel; rendered here only while the sheet is open. */
  children: ReactNode;
}

export function FilterSheetButton({ t, onOpen, active }: Pick<Props, 't' | 'onOpen' | 'active'>) {
  return (
    <button type="button" className="button button--secondary sr__filters-button" aria-haspopup="dialog" onClick={onOpen}>
      {active > 0 ? t('results.filtersActive', { count: active }) : t('results.filters')}
    </button>
  );
}

export function FilterSheet({ t, open, onClose, count, children }: Omit<Props, 'onOpen' | 'active'>) {
  const modal = useModalDialog('filters', open, onClose);
  return (
    <dialog ref={modal.ref} className="sr__sheet" aria-labelledby="rf-title" {...modal.dialogProps}>
      {open && (
        <>
          <button type="button" className="modal-close" aria-label={t('error.close')} onClick={modal.closeIcon.onClick}>
            <span aria-hidden="true">×</span>
          </button>
          {children}
          <p className="sr__sheet-done">
            <button type="button" className="button" onClick={modal.closeIcon.onClick}>
              {t('results.showTrips', { count })}
            </button>
          </p>
        </>
      )}
    </dialog>
  );
}
