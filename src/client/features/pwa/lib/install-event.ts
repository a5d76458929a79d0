import { isStandalone, type BeforeInstallPromptEvent } from './install-prompt';

// spec part 2, 4: the browser's install event is captured. The browser may fire it before the (lazily loaded)
// install card exists, so this small module listens from start-up and keeps the event for the card.

let captured: { event: BeforeInstallPromptEvent; at: number } | null = null;
const listeners = new Set<() => void>();

function onBeforeInstallPrompt(e: Event) {
  // Running standalone: no prompt at all (the browser keeps its own behaviour).
  if (isStandalone()) return;
  e.preventDefault();
  captured = { event: e as BeforeInstallPromptEvent, at: Date.now() };
  listeners.forEach((l) => l());
}

if (typeof window !== 'undefined') window.addEventListener('beforeinstallprompt', onBeforeInstallPrompt);

/** The captured install event and when it came, or null. */
export function capturedInstallEvent(): { event: BeforeInstallPromptEvent; at: number } | null {
  return captured;
}

/** The event can prompt once: forget it after use or once the app is installed. */
export function forgetInstallEvent(): void {
  captured = null;
}

/** Calls `listener` on each newly captured install event; returns the unsubscribe. */
export function onInstallEvent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
