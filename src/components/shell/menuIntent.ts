/**
 * Runs `load` once, as soon as a visitor shows they are about to open one of the menus (pointer
 * over it, focus in it, a touch, or the menu opening): the code that fills the language and
 * currency menus is not part of a page's first load, and is there by the time the menu opens.
 */
export function whenMenuWanted(selector: string, load: () => unknown): void {
  const menus = document.querySelectorAll<HTMLElement>(selector);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void load();
  };
  for (const menu of menus) {
    for (const type of ['pointerenter', 'focusin', 'touchstart', 'toggle'])
      menu.addEventListener(type, start, { once: true, passive: true });
  }
}
