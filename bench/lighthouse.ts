// Lighthouse (from npm) driving Debian's Chromium: performance and accessibility scores of a page, with its
// default mobile profile (simulated slow 4G and a 4x slower CPU). When it cannot run, the reason is returned
// and printed; no score is made up.

export interface LighthouseScore {
  url: string;
  performance: number | null;
  accessibility: number | null;
  lcpMs?: number;
  tbtMs?: number;
  error?: string;
}

export async function runLighthouse(urls: string[], chromePath = process.env.CHROME_PATH || '/usr/bin/chromium'): Promise<LighthouseScore[]> {
  let chrome: { port: number; kill(): void } | undefined;
  try {
    const [{ default: lighthouse }, chromeLauncher] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const scores: LighthouseScore[] = [];
    for (const url of urls) {
      try {
        const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance', 'accessibility'], output: 'json', logLevel: 'error' });
        const lhr = result?.lhr;
        if (!lhr) throw new Error('no report');
        const score = (k: string) => (lhr.categories[k]?.score == null ? null : Math.round(lhr.categories[k]!.score! * 100));
        scores.push({
          url,
          performance: score('performance'),
          accessibility: score('accessibility'),
          lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
          tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
          ...(lhr.runtimeError ? { error: lhr.runtimeError.message } : {}),
        });
      } catch (err) {
        scores.push({ url, performance: null, accessibility: null, error: err instanceof Error ? err.message : String(err) });
      }
    }
    return scores;
  } catch (err) {
    const error = `Lighthouse could not run here: ${err instanceof Error ? err.message : String(err)}`;
    return urls.map((url) => ({ url, performance: null, accessibility: null, error }));
  } finally {
    chrome?.kill();
  }
}
