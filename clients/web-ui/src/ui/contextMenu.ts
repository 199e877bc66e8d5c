// A small right-click menu (the map's node menu). Items are data, so the app decides what a
// node offers (Rename Branch only on branch units, for example).

import { h } from './dom';

export interface MenuItem {
  readonly label: string;
  readonly run: () => void;
  readonly disabled?: boolean;
}

let current: HTMLElement | null = null;

export function closeMenu(): void {
  current?.remove();
  current = null;
  document.removeEventListener('keydown', onKey, true);
}

function onKey(ev: KeyboardEvent): void {
  if (ev.key === 'Escape') closeMenu();
}

export function openMenu(items: readonly MenuItem[], clientX: number, clientY: number): HTMLElement {
  closeMenu();
  const menu = h('div', { class: 'context-menu', role: 'menu' });
  for (const item of items) {
    menu.append(
      h(
        'button',
        {
          role: 'menuitem',
          disabled: item.disabled,
          'data-action': item.label,
          onclick: () => {
            closeMenu();
            item.run();
          },
        },
        item.label,
      ),
    );
  }
  document.body.append(menu);
  // Keep the menu inside the window.
  const r = menu.getBoundingClientRect();
  menu.style.left = `${Math.min(clientX, window.innerWidth - r.width - 4)}px`;
  menu.style.top = `${Math.min(clientY, window.innerHeight - r.height - 4)}px`;
  current = menu;
  document.addEventListener('keydown', onKey, true);
  (menu.querySelector('button:not(:disabled)') as HTMLButtonElement | null)?.focus();
  setTimeout(() => document.addEventListener('pointerdown', onOutside, true), 0);
  return menu;
}

function onOutside(ev: Event): void {
  if (current && ev.target instanceof Node && current.contains(ev.target)) return;
  document.removeEventListener('pointerdown', onOutside, true);
  closeMenu();
}
