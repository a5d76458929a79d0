import { sampleResident } from './memory';
import { BENCH_ADMIN_PASSWORD, type Child } from './processes';
import { log, percentile, rows } from './report';

// Eight admins paging the appointments at once (decision 026): `GET /api/admin/appointments?limit=50&cursor=...`,
// each following `nextCursor` to the end and starting again, for the run's seconds. Reported: latency, the largest
// answer, the app's peak resident memory meanwhile. An answer without `nextCursor` is the old unpaginated list: it is
// fetched once by one admin and reported as "unpaginated" (eight of them at once could take the app down).

export const ADMINS = 8;
const PAGE = 50;
const TIMEOUT_MS = 120_000;
/** Far more than a page of 200: a larger answer is not parsed, only measured. */
const KEEP_BYTES = 8_000_000;

interface PageAnswer {
  appointments?: unknown[];
  nextCursor?: string | null;
}

/** Signs in as the admin, each admin from its own address (the app runs with TRUST_PROXY). */
async function signIn(app: Child, n: number): Promise<string> {
  const res = await fetch(`${app.url}/api/admin/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url, 'x-forwarded-for': `10.200.0.${n + 1}` },
    body: JSON.stringify({ password: BENCH_ADMIN_PASSWORD }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('rv_session='));
  if (!res.ok || !cookie) throw new Error(`admin sign-in answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return cookie.split(';')[0]!;
}

async function getPage(app: Child, cookie: string, cursor: string | null) {
  const t = performance.now();
  const res = await fetch(`${app.url}/api/admin/appointments?limit=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
    headers: { cookie },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  // Read as a stream: the old unpaginated answer may be hundreds of MB, more than one string may hold.
  const chunks: Buffer[] = [];
  let bytes = 0;
  const reader = res.body?.getReader();
  for (let r = await reader?.read(); r && !r.done; r = await reader!.read()) {
    // Node's fetch types the body's chunks as any; they are bytes.
    const chunk = r.value as Uint8Array;
    bytes += chunk.byteLength;
    if (bytes <= KEEP_BYTES) chunks.push(Buffer.from(chunk));
  }
  const ms = performance.now() - t;
  const body = res.ok && bytes <= KEEP_BYTES ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as PageAnswer) : null;
  return { status: res.status, ms, bytes, body, tooLarge: bytes > KEEP_BYTES };
}

export async function benchAdminPaging(kind: string, app: Child, o: { seconds: number }) {
  const cookies = await Promise.all(Array.from({ length: ADMINS }, (_, n) => signIn(app, n)));
  const memory = sampleResident(app.proc.pid);
  const probe = await getPage(app, cookies[0]!, null).catch((err: Error) => ({
    status: 0,
    ms: TIMEOUT_MS,
    bytes: 0,
    body: null,
    tooLarge: false,
    error: err.message,
  }));
  if (!probe.body || !('nextCursor' in probe.body)) {
    const peakMb = memory.stop();
    const count = probe.body?.appointments ? ` (${probe.body.appointments.length} appointments)` : '';
    const what =
      probe.body || probe.tooLarge
        ? `unpaginated: one admin's answer ${(probe.bytes / 1e6).toFixed(1)} MB${count} in ${Math.round(probe.ms)} ms`
        : 'error' in probe
          ? `no answer (${probe.error}; the timeout is ${TIMEOUT_MS / 1000} s)`
          : `no page: status ${probe.status}`;
    rows.push({
      target: kind,
      measure: 'admin appointments, 8 admins paging',
      value: `${what}, app peak ${peakMb} MB`,
      goal: 'paginated (ARCHITECTURE rule 15)',
      ok: false,
    });
    log(`${kind} admin paging: ${what}`);
    return { paginated: false, status: probe.status, bytes: probe.bytes, ms: Math.round(probe.ms), peakMb };
  }

  const latencies: number[] = [];
  const status: Record<string, number> = {};
  let largest = 0;
  let errors = 0;
  let walkedToEnd = 0;
  const end = Date.now() + o.seconds * 1000;
  await Promise.all(
    cookies.map(async (cookie) => {
      let cursor: string | null = null;
      while (Date.now() < end) {
        try {
          const page = await getPage(app, cookie, cursor);
          latencies.push(page.ms);
          status[page.status] = (status[page.status] ?? 0) + 1;
          largest = Math.max(largest, page.bytes);
          cursor = page.body?.nextCursor ?? null;
          if (page.body && cursor === null) walkedToEnd++;
        } catch {
          errors++;
          cursor = null;
        }
      }
    }),
  );
  const peakMb = memory.stop();
  latencies.sort((a, b) => a - b);
  const non2xx = Object.entries(status).reduce((a, [c, n]) => (c.startsWith('2') ? a : a + n), 0) + errors;
  const p50 = percentile(latencies, 0.5);
  const p99 = percentile(latencies, 0.99);
  rows.push({
    target: kind,
    measure: `admin appointments, ${ADMINS} admins paging ${PAGE} at a time`,
    value:
      `${(latencies.length / o.seconds).toFixed(0)} pages/s, largest ${(largest / 1024).toFixed(1)} KB, app peak ${peakMb} MB` +
      `${walkedToEnd ? `, ${walkedToEnd} walks to the end` : ''}${non2xx ? ` (${non2xx} not 2xx)` : ''}`,
    p50: `${p50} ms`,
    p99: `${p99} ms`,
    goal: 'reported, all 2xx',
    ok: non2xx === 0 ? null : false,
  });
  log(`${kind} admin paging: ${latencies.length} pages, p99 ${p99} ms, largest ${largest} B, peak ${peakMb} MB, status ${JSON.stringify(status)}`);
  return { paginated: true, pages: latencies.length, p50, p99, largestBytes: largest, peakMb, status, errors, walkedToEnd };
}
