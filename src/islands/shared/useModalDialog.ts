/**
 * Ties a native <dialog> to the modal stack (src/stores/modals.store.ts): it joins the stack when
 * `open`, leaves it when its owner closes it, and sends Escape, desktop backdrop clicks and the
 * close icon through the stack so only the top modal reacts and noClose is honoured.
 */
import { useEffect, useRef, type MouseEvent, type SyntheticEvent } from 'react';
import { MODAL_POSITION_DELAY_MS, openModal, removeModal, requestClose } from '../../stores/modals.store.ts';

/** SPEC §9 breakpoint lg: the backdrop closes modals from here up. */
const DESKTOP = '(min-width: 992px)';

function isDesktop(): boolean {
  return window.matchMedia(DESKTOP).matches;
}

export function useModalDialog(id: string, open: boolean, onClose: () => void, noClose = false) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (!open) {
      removeModal(id);
      d.removeAttribute('data-positioned');
      if (d.open) d.close();
      return;
    }
    openModal({
      id,
      noClose,
      onClose: () => {
        closeRef.current();
      },
    });
    if (!d.open) d.showModal();
    // Positioned once its content has rendered (the CSS shows it only then), so it never jumps.
    const timer = setTimeout(() => {
      d.setAttribute('data-positioned', '');
    }, MODAL_POSITION_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [id, open, noClose]);

  useEffect(
    () => () => {
      removeModal(id);
    },
    [id],
  );

  return {
    ref,
    dialogProps: {
      onCancel: (e: SyntheticEvent<HTMLDialogElement>) => {
        // The browser would close the dialog on Escape; the stack decides instead.
        e.preventDefault();
        requestClose(id, 'escape', isDesktop());
      },
      onClick: (e: MouseEvent<HTMLDialogElement>) => {
        // A click on the dialog element itself outside its box is a click on the backdrop.
        if (e.target !== e.currentTarget) return;
        const box = e.currentTarget.getBoundingClientRect();
        const inside = e.clientX >= box.left && e.clientX <= box.right && e.clientY >= box.top && e.clientY <= box.bottom;
        if (!inside) requestClose(id, 'backdrop', isDesktop());
      },
    },
    closeIcon: {
      hidden: noClose,
      onClick: () => {
        requestClose(id, 'icon', isDesktop());
      },
    },
  };
}
