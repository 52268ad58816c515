/**
 * The pass page's photo viewer: a modal dialog with one photo at a time, its caption, where it is
 * in the gallery, previous/next and close. Keyboard: Escape closes (the dialog's own), the arrow
 * keys move (mirrored in right-to-left pages), Tab stays inside while open, and focus returns to
 * the photo that opened it. On a phone (a coarse pointer without hover) the controls hide after
 * 2 s without a touch and come back on the next one. A photo that fails to load shows a text
 * instead. Loaded only when a visitor opens a photo (the page's loader script), so crawlers never
 * load it; the gallery itself is plain HTML.
 */

export interface ViewerPhoto {
  src: string;
  srcset: string;
  alt: string;
  caption: string;
}

interface ViewerTexts {
  label: string;
  close: string;
  previous: string;
  next: string;
  /** "Photo [n] of [count]". */
  position: string;
  error: string;
}

/** How long the controls stay on a phone after the last touch. */
export const CONTROLS_HIDE_MS = 2000;

function button(className: string, label: string, symbol: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  b.setAttribute('aria-label', label);
  b.textContent = symbol;
  return b;
}

export function openPhotoViewer(photos: readonly ViewerPhoto[], start: number, texts: ViewerTexts, opener: HTMLElement): void {
  const rtl = document.documentElement.dir === 'rtl';
  const dialog = document.createElement('dialog');
  dialog.className = 'photo-viewer';
  dialog.setAttribute('aria-label', texts.label);
  const figure = document.createElement('figure');
  const img = document.createElement('img');
  img.decoding = 'async';
  const error = document.createElement('p');
  error.className = 'photo-viewer__error';
  error.textContent = texts.error;
  error.hidden = true;
  const caption = document.createElement('figcaption');
  const position = document.createElement('p');
  position.className = 'photo-viewer__position';
  position.setAttribute('aria-live', 'polite');
  figure.append(img, error, caption);
  const controls = document.createElement('div');
  controls.className = 'photo-viewer__controls';
  const close = button('photo-viewer__close', texts.close, '×');
  const previous = button('photo-viewer__previous', texts.previous, rtl ? '›' : '‹');
  const next = button('photo-viewer__next', texts.next, rtl ? '‹' : '›');
  controls.append(previous, position, next, close);
  dialog.append(figure, controls);
  document.body.append(dialog);

  let index = start;
  const show = (i: number) => {
    index = (i + photos.length) % photos.length;
    const photo = photos[index];
    if (!photo) return;
    error.hidden = true;
    img.hidden = false;
    img.src = photo.src;
    img.srcset = photo.srcset;
    img.alt = photo.alt;
    caption.textContent = photo.caption;
    position.textContent = texts.position.replace('[n]', String(index + 1)).replace('[count]', String(photos.length));
    const single = photos.length < 2;
    previous.hidden = single;
    next.hidden = single;
  };
  img.addEventListener('error', () => {
    img.hidden = true;
    error.hidden = false;
  });

  // On a phone the photo gets the whole screen: the controls step aside after 2 s.
  const phone = window.matchMedia('(hover: none) and (pointer: coarse)').matches;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  const showControls = () => {
    dialog.classList.remove('photo-viewer--bare');
    clearTimeout(hideTimer);
    if (phone)
      hideTimer = setTimeout(() => {
        dialog.classList.add('photo-viewer--bare');
      }, CONTROLS_HIDE_MS);
  };

  previous.addEventListener('click', () => {
    show(index - 1);
  });
  next.addEventListener('click', () => {
    show(index + 1);
  });
  close.addEventListener('click', () => {
    dialog.close();
  });
  dialog.addEventListener('pointerdown', showControls);
  dialog.addEventListener('keydown', (e) => {
    showControls();
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (e.key === forward) show(index + 1);
    else if (e.key === back) show(index - 1);
    else return;
    e.preventDefault();
  });
  dialog.addEventListener('close', () => {
    clearTimeout(hideTimer);
    dialog.remove();
    opener.focus();
  });

  show(start);
  dialog.showModal();
  close.focus();
  showControls();
}
