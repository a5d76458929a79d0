// The app's one inline script, in <head> of every HTML page (vite.config.ts). The Content-Security-Policy allows
// exactly this text by its hash (src/server/plugins/security.ts), so change it only here. The public pages are
// pre-rendered and paint before the app's JavaScript runs (decision 014), so it does two things before that:
// - applies the remembered Dark Mode choice (Settings tab, src/client/lib/theme.ts) before the first paint;
// - keeps the last tap on a button of the painted page until React has taken the page over, which then replays it
//   (docs/decisions/082-early-taps.md). Without it a tap on 'Forgot password?' or 'Login' in that time did nothing.
//   It keeps the tap from the page (no form sent by the browser itself, no half-hydrated handler run: the tap counts
//   once) and stops once the app is live.
const THEME = "try{document.documentElement.classList.toggle('dark',localStorage.getItem('theme')==='dark')}catch(e){}";
const EARLY_TAP =
  "addEventListener('click',function(e){var b=!window.__repvisitLive&&e.target.closest&&e.target.closest('button');if(b&&!b.disabled){window.__repvisitTap=b;e.preventDefault();e.stopPropagation()}},true)";
export const HEAD_SCRIPT = `${THEME};${EARLY_TAP}`;
