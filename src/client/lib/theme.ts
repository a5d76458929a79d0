import { useSyncExternalStore } from 'react';

// Dark mode for the whole app: the `dark` class on <html> (Tailwind's class variant), remembered on the device
// under 'theme'. src/shared/head-script.ts applies the remembered choice before the first paint.

const KEY = 'theme';
const listeners = new Set<() => void>();

export function isDarkMode(): boolean {
  return document.documentElement.classList.contains('dark');
}

export function setDarkMode(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark);
  try {
    localStorage.setItem(KEY, dark ? 'dark' : 'light');
  } catch {
    /* storage may be full or blocked; the choice then lasts for this visit */
  }
  listeners.forEach((l) => l());
}

export function useDarkMode(): [boolean, (dark: boolean) => void] {
  const dark = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    isDarkMode,
    () => false,
  );
  return [dark, setDarkMode];
}
