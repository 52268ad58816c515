/**
 * Toasts, the error modal and the loading overlay (src/stores/feedback.store.ts), mounted once
 * per page that hydrates islands. It renders nothing until something happens.
 */
import { useStore } from '@nanostores/react';
import {
  $errorMessage,
  $loading,
  $toasts,
  closeErrorModal,
  ERROR_MODAL_ID,
  errorText,
  listenForFeedback,
} from '../../stores/feedback.store.ts';
import { islandTranslator } from '../shared/translate.ts';
import { useModalDialog } from '../shared/useModalDialog.ts';
import './PageFeedback.css';
import type { IslandMessages } from '../../i18n/islandMessages.ts';

// Listening starts when this module loads, not when the island mounts: the page loads it on the
// first feedback event (client:companion in PageFeedbackSlot.astro) and dispatches that event
// again right after, and there is one feedback island per page for the page's lifetime.
if (typeof window !== 'undefined') listenForFeedback(window);

export default function PageFeedback({ messages }: { messages: IslandMessages }) {
  const t = islandTranslator(messages);
  const toasts = useStore($toasts);
  const loading = useStore($loading);
  const errorMessage = useStore($errorMessage);
  const modal = useModalDialog(ERROR_MODAL_ID, errorMessage !== null, closeErrorModal);

  return (
    <>
      <div className="pf-toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <p key={toast.id} className={`pf-toast pf-toast--${toast.type}`}>
            {toast.text}
          </p>
        ))}
      </div>
      {loading && (
        <div className="pf-overlay" role="progressbar" aria-label={t('loading')} aria-busy="true">
          <span className="pf-spinner" aria-hidden="true" />
        </div>
      )}
      <dialog ref={modal.ref} className="pf-modal" aria-labelledby="pf-error-text" role="alertdialog" {...modal.dialogProps}>
        <button type="button" className="pf-modal__close" aria-label={t('error.close')} onClick={modal.closeIcon.onClick}>
          <span aria-hidden="true">×</span>
        </button>
        <p id="pf-error-text">{errorText(errorMessage ?? '', t)}</p>
        <button type="button" className="button" onClick={modal.closeIcon.onClick}>
          {t('error.close')}
        </button>
      </dialog>
    </>
  );
}
