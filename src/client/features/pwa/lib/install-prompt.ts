// spec part 2, 4: the install prompt's remembered dismissal and the standalone check.

/** The browser's install event (Chromium's beforeinstallprompt; not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export const INSTALL_DISMISSED_KEY = 'installPromptDismissed';

export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches);
}

export function wasInstallDismissed(): boolean {
  try {
    return localStorage.getItem(INSTALL_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function rememberInstallDismissed(dismissed: boolean): void {
  try {
    if (dismissed) localStorage.setItem(INSTALL_DISMISSED_KEY, 'true');
    else localStorage.removeItem(INSTALL_DISMISSED_KEY);
  } catch {
    /* storage blocked: the card may show again next time */
  }
}
