/**
 * The modal stack (SPEC §4): modals open on top of each other and only the top one reacts to
 * Escape, a desktop backdrop click or its close icon — unless it was opened with noClose (e.g.
 * while the round trip's outbound cart is still being made). Closing all (a page restored from
 * the back-forward cache) retries, because a modal's close can open another one.
 */
import { atom } from 'nanostores';

/** SPEC §9: close-all gives up after this many passes. */
export const CLOSE_ALL_RETRIES = 5;
/** SPEC §9: a modal is positioned this long after it opened, once its content has laid out. */
export const MODAL_POSITION_DELAY_MS = 10;

export interface ModalEntry {
  id: string;
  noClose?: boolean;
  /** What closing means for its owner (write a value back, clear a flag…). */
  onClose: () => void;
}

export type CloseTrigger = 'escape' | 'backdrop' | 'icon';

/** Bottom first, top last. */
export const $modals = atom<readonly ModalEntry[]>([]);

/** Puts a modal on top; opening one that is already open updates it in place. */
export function openModal(entry: ModalEntry): void {
  const stack = $modals.get();
  const at = stack.findIndex((m) => m.id === entry.id);
  $modals.set(at === -1 ? [...stack, entry] : stack.map((m, i) => (i === at ? entry : m)));
}

/** Takes a modal off the stack and runs its close; a modal not on the stack is left alone. */
export function closeModal(id: string): void {
  const entry = $modals.get().find((m) => m.id === id);
  if (!entry) return;
  $modals.set($modals.get().filter((m) => m.id !== id));
  entry.onClose();
}

/** Takes a modal off the stack without running its close: its owner closed it itself. */
export function removeModal(id: string): void {
  if ($modals.get().some((m) => m.id === id)) $modals.set($modals.get().filter((m) => m.id !== id));
}

export function isTopModal(id: string): boolean {
  return $modals.get().at(-1)?.id === id;
}

/** A user's request to close (Escape, backdrop, close icon): honoured only for the top modal without noClose; the backdrop only on desktop. */
export function requestClose(id: string, trigger: CloseTrigger, isDesktop: boolean): boolean {
  const top = $modals.get().at(-1);
  if (top?.id !== id || top.noClose) return false;
  if (trigger === 'backdrop' && !isDesktop) return false;
  closeModal(id);
  return true;
}

/** Closes every modal, top first, noClose included; up to 5 passes. Returns whether the stack ended empty. */
export function closeAllModals(): boolean {
  for (let pass = 0; pass < CLOSE_ALL_RETRIES && $modals.get().length > 0; pass++) {
    for (const entry of [...$modals.get()].reverse()) {
      try {
        closeModal(entry.id);
      } catch (error) {
        // A failing close must not keep the others open; the next pass tries again.
        console.error(error);
      }
    }
  }
  return $modals.get().length === 0;
}
