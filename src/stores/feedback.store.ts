/**
 * Page feedback (SPEC §3 notification, §4, §8): toasts, the error modal and the loading overlay.
 * Any code can raise them with window events — showError (detail: a message, or nothing for the
 * translated ajax-error text), showLoading, hideLoading — or call the actions here. A page
 * restored from the back-forward cache hides the overlay and closes every modal, because it comes
 * back exactly as it was left, overlay and modals included.
 */
import { atom } from 'nanostores';
import { closeAllModals, closeModal } from './modals.store.ts';
import type { Translate } from '../i18n/translate.ts';

/** SPEC §9: a toast stays this long unless it asks for another duration. */
export const NOTIFICATION_MS = 3000;
export const ERROR_MODAL_ID = 'error';

/** SPEC §8: the message of an aborted request (matched by error reporting; translated on screen). */
export const ABORTED_BY_USER = 'Aborted by user';

export type NotificationType = 'success' | 'error' | 'confirm' | 'warn' | 'info';

export interface Toast {
  id: number;
  text: string;
  type: NotificationType;
}

export const $toasts = atom<readonly Toast[]>([]);
/** The open error modal's message; '' means the translated default ajax-error text. */
export const $errorMessage = atom<string | null>(null);
export const $loading = atom(false);

let nextToast = 0;

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

/** Shows a toast (type success unless told) that disappears after 3000 ms or `duration`. */
export function notify(text: string, options: { type?: NotificationType; duration?: number } = {}): number {
  const id = ++nextToast;
  $toasts.set([...$toasts.get(), { id, text, type: options.type ?? 'success' }]);
  setTimeout(() => {
    dismissToast(id);
  }, options.duration ?? NOTIFICATION_MS);
  return id;
}

/**
 * The error modal's text: the translated default for '' (SPEC §8 generic ajax failure), the
 * translated "Aborted by user" for an aborted request, else the message as given.
 */
export function errorText(message: string, t: Translate): string {
  if (message === ABORTED_BY_USER) return t('error.aborted');
  return message || t('error.ajax');
}

export function showError(message?: string): void {
  $errorMessage.set(message?.trim() ?? '');
}

/** Closing the error modal (its own close goes through the modal stack). */
export function closeErrorModal(): void {
  $errorMessage.set(null);
  closeModal(ERROR_MODAL_ID);
}

/** The message a showError event carries: a string detail or `{ message }`. */
function eventMessage(event: Event): string | undefined {
  const detail: unknown = event instanceof CustomEvent ? event.detail : undefined;
  if (typeof detail === 'string') return detail;
  if (detail && typeof detail === 'object' && 'message' in detail && typeof detail.message === 'string') return detail.message;
  return undefined;
}

/** Listens for the page's feedback events; returns the function that stops listening. */
export function listenForFeedback(target: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void {
  const handlers: [string, (event: Event) => void][] = [
    [
      'showError',
      (event) => {
        showError(eventMessage(event));
      },
    ],
    [
      'showLoading',
      () => {
        $loading.set(true);
      },
    ],
    [
      'hideLoading',
      () => {
        $loading.set(false);
      },
    ],
    [
      'pageshow',
      (event) => {
        if (!(event as PageTransitionEvent).persisted) return;
        $loading.set(false);
        closeAllModals();
      },
    ],
  ];
  for (const [type, handler] of handlers) target.addEventListener(type, handler);
  return () => {
    for (const [type, handler] of handlers) target.removeEventListener(type, handler);
  };
}
