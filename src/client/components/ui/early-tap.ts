// docs/decisions/082-early-taps.md. Until the app handles taps, the inline head script (src/shared/head-script.ts)
// keeps the last tap on a button of the painted page, away from the page. The button, once React has taken it over
// (its ref is attached when it has hydrated, which for a nested Suspense boundary is after the page's), makes it.

declare global {
  interface Window {
    /** Set once the app handles taps itself: the head script stops keeping them. */
    __repvisitLive?: boolean;
    /** The last button tapped on the painted page before then. */
    __repvisitTap?: HTMLButtonElement;
  }
}

/** The app handles taps from now on (RootLayout, once the page's boundary has been taken over). */
export function handleTapsInApp(): void {
  window.__repvisitLive = true;
}

/**
 * A ref for a button: when the element the app has just taken over is the one tapped before, the tap is made on
 * it, once, after the commit (a click dispatched inside React's commit would run its handler mid-render). A button
 * rendered anew is another element: a tap on the painted one it replaced is dropped, as a browser drops a tap on a
 * button that disappeared.
 */
export function replayEarlyTap(el: HTMLButtonElement | null): void {
  if (!el || window.__repvisitTap !== el) return;
  delete window.__repvisitTap;
  setTimeout(() => {
    if (el.isConnected && !el.disabled) el.click();
  }, 0);
}
