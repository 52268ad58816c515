import { afterEach, describe, expect, it, vi } from 'vitest';
import { $modals, closeAllModals, isTopModal, openModal, requestClose } from './modals.store.ts';

afterEach(() => {
  $modals.set([]);
});

describe('modal stack (SPEC §4)', () => {
  it('only the top modal closes on Escape, the backdrop (desktop) or its close icon', () => {
    const closed: string[] = [];
    openModal({ id: 'people', onClose: () => closed.push('people') });
    openModal({ id: 'error', onClose: () => closed.push('error') });
    expect(isTopModal('error')).toBe(true);
    expect(requestClose('people', 'escape', true)).toBe(false);
    expect(requestClose('error', 'backdrop', false)).toBe(false);
    expect(closed).toEqual([]);
    expect(requestClose('error', 'backdrop', true)).toBe(true);
    expect(requestClose('people', 'icon', false)).toBe(true);
    expect(closed).toEqual(['error', 'people']);
    expect($modals.get()).toEqual([]);
  });

  it('a noClose modal ignores every close request until it is opened again without it', () => {
    const onClose = vi.fn();
    openModal({ id: 'roundTrip', noClose: true, onClose });
    for (const trigger of ['escape', 'backdrop', 'icon'] as const) expect(requestClose('roundTrip', trigger, true)).toBe(false);
    openModal({ id: 'roundTrip', onClose });
    expect($modals.get()).toHaveLength(1);
    expect(requestClose('roundTrip', 'escape', true)).toBe(true);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('close-all empties the stack even when a close opens another modal, retrying at most 5 times', () => {
    let reopened = 0;
    const reopen = () => {
      reopened++;
      openModal({ id: `again-${String(reopened)}`, onClose: () => undefined });
    };
    openModal({ id: 'a', noClose: true, onClose: reopen });
    expect(closeAllModals()).toBe(true);
    expect(reopened).toBe(1);

    // A modal that always reopens itself cannot be closed: close-all stops after 5 passes.
    let closes = 0;
    const stubborn = () => {
      closes++;
      openModal({ id: 'stubborn', onClose: stubborn });
    };
    openModal({ id: 'stubborn', onClose: stubborn });
    expect(closeAllModals()).toBe(false);
    expect(closes).toBe(5);
  });

  it('a close that throws does not keep the other modals open', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    openModal({ id: 'ok', onClose: () => undefined });
    openModal({
      id: 'broken',
      onClose: () => {
        throw new Error('boom');
      },
    });
    expect(closeAllModals()).toBe(true);
  });
});
