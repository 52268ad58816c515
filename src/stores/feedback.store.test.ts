import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $errorMessage, $loading, $toasts, closeErrorModal, errorText, listenForFeedback, notify } from './feedback.store.ts';
import { ABORTED_BY_USER } from './ajax.ts';
import { $modals, openModal } from './modals.store.ts';

/** pageshow as a browser fires it; `persisted` is true for a back-forward cache restore. */
function pageshow(persisted: boolean): Event {
  return Object.assign(new Event('pageshow'), { persisted });
}

describe('toasts (SPEC §3, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    $toasts.set([]);
  });

  it('are success toasts by default and disappear after 3000 ms', () => {
    notify('Saved');
    notify('Seats are running out', { type: 'warn' });
    expect($toasts.get().map((t) => [t.text, t.type])).toEqual([
      ['Saved', 'success'],
      ['Seats are running out', 'warn'],
    ]);
    vi.advanceTimersByTime(2999);
    expect($toasts.get()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });

  it('keep a custom duration', () => {
    notify('Payment failed', { type: 'error', duration: 8000 });
    vi.advanceTimersByTime(3000);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(5000);
    expect($toasts.get()).toEqual([]);
  });
});

describe('page feedback events (SPEC §4)', () => {
  const page = new EventTarget() as unknown as Window;
  let stop: () => void;
  beforeEach(() => {
    stop = listenForFeedback(page);
  });
  afterEach(() => {
    stop();
    $loading.set(false);
    $errorMessage.set(null);
    $modals.set([]);
  });

  it('showError opens the error modal with the message, or the default text without one', () => {
    page.dispatchEvent(new CustomEvent('showError', { detail: { message: 'Seat map unavailable' } }));
    expect($errorMessage.get()).toBe('Seat map unavailable');
    closeErrorModal();
    expect($errorMessage.get()).toBeNull();
    page.dispatchEvent(new Event('showError'));
    expect($errorMessage.get()).toBe('');
  });

  it('showLoading and hideLoading toggle the overlay; a back-forward cache restore hides it and closes all modals', () => {
    page.dispatchEvent(new Event('showLoading'));
    expect($loading.get()).toBe(true);
    page.dispatchEvent(new Event('hideLoading'));
    expect($loading.get()).toBe(false);

    page.dispatchEvent(new Event('showLoading'));
    openModal({ id: 'passengers', onClose: () => undefined });
    page.dispatchEvent(pageshow(false));
    expect($loading.get()).toBe(true);
    expect($modals.get()).toHaveLength(1);
    page.dispatchEvent(new Event('showError'));
    openModal({ id: 'error', onClose: closeErrorModal });
    page.dispatchEvent(pageshow(true));
    expect($loading.get()).toBe(false);
    expect($modals.get()).toEqual([]);
    expect($errorMessage.get()).toBeNull();
  });

  it('stops listening when asked', () => {
    stop();
    page.dispatchEvent(new Event('showLoading'));
    expect($loading.get()).toBe(false);
    stop = listenForFeedback(page);
  });
});

describe('the error modal text (SPEC §8)', () => {
  const t = (key: string) => ({ 'error.ajax': 'Algo ha fallado.', 'error.aborted': 'Cancelado por el usuario' })[key] ?? key;

  it('is the translated default for a generic ajax failure', () => {
    expect(errorText('', t)).toBe('Algo ha fallado.');
  });

  it('translates "Aborted by user" for an aborted request', () => {
    expect(errorText(ABORTED_BY_USER, t)).toBe('Cancelado por el usuario');
  });

  it('shows any other message as given', () => {
    expect(errorText('Payment declined', t)).toBe('Payment declined');
  });
});
