import { useEffect, useLayoutEffect } from 'react';
import { NavigationType, useLocation, useNavigationType, type Location } from 'react-router';

// React Router's <ScrollRestoration> needs its data router, which decision 025 took out; this does the same for
// the plain router: a new page starts at the top (or at its #anchor), Back and Forward and a reload return to where
// the page was left. Positions are kept per history entry, and for the tab in sessionStorage when the page is left.
const STORAGE_KEY = 'repvisit:scroll-positions';
let saved: Record<string, number> | undefined;

function positions(): Record<string, number> {
  if (!saved) {
    try {
      saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
    } catch {
      saved = {};
    }
  }
  return saved;
}

// Every fresh page load has the key 'default'; keying those by path stops a new load from jumping to the scroll
// position saved by a different page earlier in this tab.
const keyOf = (location: Location) => (location.key === 'default' ? location.pathname : location.key);

function anchorOf(hash: string): HTMLElement | null {
  try {
    return hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  } catch {
    return null; // not a decodable id: no anchor to scroll to
  }
}

/** Render it beside the page, inside the page's Suspense boundary: it then runs once the page is on screen. */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = keyOf(location);

  // The browser's own restoration would scroll before the page it returns to is back on screen.
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const keep = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions()));
      } catch {
        /* storage blocked: positions are kept for this page's life only */
      }
      // A reload then scrolls back by itself too, before this code has loaded.
      window.history.scrollRestoration = 'auto';
    };
    const again = (event: PageTransitionEvent) => {
      if (event.persisted) window.history.scrollRestoration = 'manual';
    };
    window.addEventListener('pagehide', keep);
    window.addEventListener('pageshow', again);
    return () => {
      window.removeEventListener('pagehide', keep);
      window.removeEventListener('pageshow', again);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    const y = positions()[key];
    const anchor = anchorOf(location.hash);
    if (navigationType === NavigationType.Pop && y !== undefined) window.scrollTo(0, y);
    else if (anchor) anchor.scrollIntoView();
    // A page opened afresh is where the browser put it: at the top, or where the visitor scrolled the pre-rendered
    // page to while the app was loading.
    else if (location.key !== 'default') window.scrollTo(0, 0);
    const remember = () => (positions()[key] = window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
    // Once per history entry: its hash and how it was reached belong to it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return null;
}
