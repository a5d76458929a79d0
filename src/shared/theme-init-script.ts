// The remembered Dark Mode choice (Settings tab, src/client/lib/theme.ts) applied before the first paint: the
// public pages are pre-rendered and paint before the app's JavaScript runs (decision 014). It is the one inline
// script of the app, in <head> of every HTML page (vite.config.ts); the Content-Security-Policy allows exactly
// this text by its hash (src/server/plugins/security.ts), so change it only here.
export const THEME_INIT_SCRIPT = "try{document.documentElement.classList.toggle('dark',localStorage.getItem('theme')==='dark')}catch(e){}";
