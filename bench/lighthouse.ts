// Lighthouse (from npm) driving Debian's Chromium: performance and accessibility scores of a page, with its
// default mobile profile (simulated slow 4G and a 4x slower CPU). When it cannot run, the reason is returned
// and printed; no score is made up. The simulation scales the CPU time it observed, so one run on a busy
// machine can be far off: each page is measured `runs` times, round by round, and the run with the median
// performance score is reported (Lighthouse's own advice on variability); every run's score is kept.

export interface LighthouseScore {
  url: string;
  performance: number | null;
  accessibility: number | null;
  lcpMs?: number;
  tbtMs?: number;
  error?: string;
  /** The performance score of every run (null where Lighthouse could not finish the run). */
  runs?: Array<number | null>;
}

type Lighthouse = typeof import('lighthouse').default;

async function measureOnce(lighthouse: Lighthouse, port: number, url: string): Promise<LighthouseScore> {
  try {
    const result = await lighthouse(url, { port, onlyCategories: ['performance', 'accessibility'], output: 'json', logLevel: 'error' });
    const lhr = result?.lhr;
    if (!lhr) throw new Error('no report');
    const score = (k: string) => (lhr.categories[k]?.score == null ? null : Math.round(lhr.categories[k].score * 100));
    return {
      url,
      performance: score('performance'),
      accessibility: score('accessibility'),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
      ...(lhr.runtimeError ? { error: lhr.runtimeError.message } : {}),
    };
  } catch (err) {
    return { url, performance: null, accessibility: null, error: err instanceof Error ? err.message : String(err) };
  }
}

/** The run with the median performance score among those that finished (the last run if none did). */
function medianRun(runs: LighthouseScore[]): LighthouseScore {
  const finished = runs.filter((r) => r.performance !== null).sort((a, b) => a.performance! - b.performance!);
  const chosen = finished[Math.floor((finished.length - 1) / 2)] ?? runs[runs.length - 1]!;
  return { ...chosen, runs: runs.map((r) => r.performance) };
}

export async function runLighthouse(
  urls: string[],
  { runs = 3, chromePath = process.env.CHROME_PATH || '/usr/bin/chromium' } = {},
): Promise<LighthouseScore[]> {
  let chrome: { port: number; kill(): void } | undefined;
  try {
    const [{ default: lighthouse }, chromeLauncher] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const measured = new Map<string, LighthouseScore[]>(urls.map((url) => [url, []]));
    // Round by round, so a burst of load on the machine does not fall on one page's runs only.
    for (let round = 0; round < runs; round++) {
      for (const url of urls) measured.get(url)!.push(await measureOnce(lighthouse, chrome.port, url));
    }
    return urls.map((url) => medianRun(measured.get(url)!));
  } catch (err) {
    const error = `Lighthouse could not run here: ${err instanceof Error ? err.message : String(err)}`;
    return urls.map((url) => ({ url, performance: null, accessibility: null, error }));
  } finally {
    chrome?.kill();
  }
}
