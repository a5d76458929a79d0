import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import pg from 'pg';
import { todayInIndia } from '../src/shared/dates';
import { expect, screenshot, startServer, test } from './fixtures';
import { createClinicWithDoctor, ok, signInRepWithTrial } from './setup';

// The live queue (docs/decisions/074-live-queue.md) at 360 px in English and Urdu: two reps booked today, one checks in
// through the check-in dialog, the other through the same API; each page says 'You are #N in line', and then 'will see
// you now' when the doctor calls that visit, without a reload. The clinic's queue board at 1280 px follows along.
//
// Why PostgreSQL and a direct write: the doctor's Call next (POST /api/doctor/queue/next, decision 073) is built on
// another branch. Until it is merged, the call is the row write it makes (called_at, and the doctor-day key announced
// in the same transaction, as its repo does), done here on the server's PostgreSQL database: the e2e server's embedded
// PGlite cannot be written from outside its process. Once merged, press Call next on the doctor's page instead.

const SHOTS = 'test-results/screens';
const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 800 };

/** A fresh PostgreSQL database on TEST_DATABASE_URL's server for this journey's own server. */
async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('live-queue.spec.ts needs TEST_DATABASE_URL (PostgreSQL) until Call next is merged: see the note at the top');
  const name = `rv_e2e_queue_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** The cache bus's channel and an appointment's keys (src/server/cache/cache-bus.ts, cache-keys.ts; e2e reaches no server code). */
const CACHE_CHANNEL = 'rv_cache';
const appointmentKeys = (a: { repId: number; clinicId: number; doctorId: number; date: string }) => [
  `rep-appts:${a.repId}`,
  `doctor-day:${a.clinicId}:${a.doctorId}:${a.date}`,
];

/** What Call next writes for one visit: called_at, and its keys announced at the commit. */
async function callIn(url: string, appointmentId: number): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('begin');
    const { rows } = await c.query<{ rep_id: number; clinic_id: number; doctor_id: number; date: string }>(
      `update doctor_appointments set called_at = now() where id = $1
       returning rep_id, clinic_id, doctor_id, to_char(appointment_date, 'YYYY-MM-DD') as date`,
      [appointmentId],
    );
    const r = rows[0]!;
    for (const key of appointmentKeys({ repId: r.rep_id, clinicId: r.clinic_id, doctorId: r.doctor_id, date: r.date }))
      await c.query('select pg_notify($1, $2)', [CACHE_CHANNEL, key]);
    await c.query('commit');
  } finally {
    await c.end();
  }
}

async function book(api: APIRequestContext, o: { repId: number; clinicId: number; doctorId: number; date: string }): Promise<number> {
  const { appointment } = await ok<{ appointment: { id: number } }>(
    await api.post('/api/book-appointment', { data: { repId: o.repId, clinicId: o.clinicId, doctorId: o.doctorId, appointmentDate: o.date } }),
  );
  return appointment.id;
}

/** No serious or critical axe violation (WCAG 2 A and AA) on the page as it stands. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

async function shoot(page: Page, name: string) {
  const size = page.viewportSize();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 800 });
    await screenshot(page, { path: `${SHOTS}/live-queue-${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

test('at 360 px in English and Urdu: the place in line, then "will see you now" without a reload; the board at 1280 px', async ({ browser }) => {
  test.setTimeout(240_000);
  const db = await freshDatabase();
  const server = await startServer({ DATABASE_URL: db.url });
  try {
    const baseURL = server.baseURL;
    const today = todayInIndia(new Date());
    const clinicContext = await browser.newContext({ baseURL, viewport: DESKTOP });
    const clinic = await createClinicWithDoctor(clinicContext.request, server.mailbox, { settings: { maxSlots: 5 } });
    const doctor = `Dr. ${clinic.doctorName}`;

    // Two reps book today's whole day: the English one first (#1), the Urdu one second (#2).
    const enContext = await browser.newContext({ baseURL, viewport: PHONE });
    const en = await signInRepWithTrial(enContext.request, server.mailbox, { fullName: 'Ravi Kumar' });
    const enVisit = await book(enContext.request, { repId: en.id, clinicId: clinic.clinicId, doctorId: clinic.doctorId, date: today });
    const urContext = await browser.newContext({ baseURL, viewport: PHONE });
    const ur = await signInRepWithTrial(urContext.request, server.mailbox, { fullName: 'Sana Mir' });
    const urVisit = await book(urContext.request, { repId: ur.id, clinicId: clinic.clinicId, doctorId: clinic.doctorId, date: today });

    // The queue board on the waiting room's TV, at 1280 px.
    const board = await clinicContext.newPage();
    await board.goto(`/clinic/queue-board?clinicId=${clinic.clinicId}`);
    await expect(board.getByRole('heading', { level: 1, name: clinic.clinicName })).toBeVisible();
    await expect(board.getByText('Live', { exact: true })).toBeVisible();
    await expect(board.getByTestId('now-seeing')).toHaveText('—');
    await expect(board.getByTestId('next-tokens')).toHaveText(/#1\s+#2/);
    await expect(board.getByText('Sana Mir')).toHaveCount(0);
    await shoot(board, 'board-en');

    // The English rep's My Appointments at 360 px: first in line.
    const enPage = await enContext.newPage();
    await enPage.goto('/medrep-dashboard');
    await enPage.getByRole('tab', { name: 'My Appointments' }).click();
    const enLine = enPage.getByTestId('queue-line');
    await expect(enLine).toHaveAttribute('aria-live', 'polite');
    await expect(enLine).toContainText('You are #1 in line');

    // The Urdu rep's, second in line.
    const urPage = await urContext.newPage();
    await urPage.goto('/medrep-dashboard?lang=ur');
    await urPage.getByRole('tab', { name: 'میری اپائنٹمنٹس' }).click();
    const urLine = urPage.getByTestId('queue-line');
    await expect(urLine).toContainText('قطار میں آپ کا نمبر #2 ہے');
    await shoot(urPage, 'rep-waiting-ur');

    // The English rep checks in at reception with the clinic's code, through the check-in dialog.
    const { code } = await ok<{ code: string }>(await clinicContext.request.get(`/api/clinic/check-in-code?clinicId=${clinic.clinicId}`));
    await enPage.getByRole('button', { name: /^Check in: Dr\. / }).click();
    const dialog = enPage.getByRole('dialog', { name: 'Check in at reception' });
    await dialog.getByLabel('Check-in code').fill(code);
    await dialog.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(enLine).toContainText('You are #1 in line');
    await expect(board.getByText('1 arrived')).toBeVisible();
    await shoot(enPage, 'rep-waiting-en');

    // The doctor calls the English rep in: the page says so, no reload; the Urdu rep is first in line now.
    await callIn(db.url, enVisit);
    await expect(enLine).toContainText(`${doctor} will see you now`);
    await expect(urLine).toContainText('قطار میں آپ کا نمبر #1 ہے');
    await expect(board.getByTestId('now-seeing')).toHaveText('#1');
    await expectAccessible(board);
    await expectAccessible(enPage);
    await shoot(enPage, 'rep-called-en');
    await shoot(board, 'board-now-seeing-en');

    // The Urdu rep checks in (the same check-in route) and is called next.
    await ok(await urContext.request.post('/api/medrep/check-in', { data: { appointmentId: urVisit, code } }));
    await callIn(db.url, urVisit);
    await expect(urLine).toContainText(`ڈاکٹر ${clinic.doctorName} اب آپ سے ملیں گے`);
    await expectAccessible(urPage);
    await shoot(urPage, 'rep-called-ur');

    // The board in Hindi and Urdu, the clinic's language.
    for (const lang of ['hi', 'ur'] as const) {
      await board.goto(`/clinic/queue-board?clinicId=${clinic.clinicId}&lang=${lang}`);
      await expect(board.getByTestId('now-seeing')).toHaveText('#2');
      await expect(board.getByText(lang === 'hi' ? 'अभी मिल रहे हैं' : 'اب مل رہے ہیں')).toBeVisible();
      await shoot(board, `board-${lang}`);
    }
    // And a rep's page in Hindi.
    await enPage.goto('/medrep-dashboard?lang=hi');
    await enPage.getByRole('tab', { name: 'मेरे अपॉइंटमेंट' }).click();
    await expect(enPage.getByTestId('queue-line')).toContainText('अब आपसे मिलेंगे');
    await shoot(enPage, 'rep-called-hi');
  } finally {
    await server.stop();
    await db.drop();
  }
});
