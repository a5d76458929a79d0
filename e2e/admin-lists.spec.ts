import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { rmSync } from 'node:fs';
import { axeOf, expect, screenshot, screenshotBoth, test } from './fixtures';
import { migratedDataDir, startServer, type AppServer } from './server';

// Decision 022: the admin pages through appointments with a filter the server applies, on a phone (360 px) and a
// desktop (1280 px). There must be more appointments than one page holds, more than booking them one by one through
// the booking rules allows in a journey: a few SQL statements fill a copy of the run's migrated embedded database
// (e2e/server.ts; only the database's own client: a journey drives the built app, it imports no server code), and
// the server starts on it.

const ADMIN_PASSWORD = 'Admin!Pass123';
/** Each width reads its own doctor's appointments, so the two tests do not change each other's counts. */
const DOCTORS = { phone: 'Dr. Paging Phone', desktop: 'Dr. Paging Desk' } as const;
const BOOKED = 80; // a page of 50, then 30
const CANCELLED = 30;

test.describe.configure({ mode: 'serial' });

let server: (AppServer & { stop(): Promise<void> }) | undefined;
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = migratedDataDir('repvisit-e2e-admin-lists-');
  const db = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  try {
    await db.exec(`
      insert into clinic_users (clinic_name, contact_person, state, city, contact_number, email, password)
        values ('Lal Chowk Clinic', 'Aijaz Dar', 'Jammu and Kashmir', 'Srinagar', '9000000001', 'lal.chowk@example.com', 'x');
      insert into medical_reps (full_name, email, phone, company, state, password)
        values ('Asha Verma', 'asha@example.com', '9100000001', 'Cipla', 'Punjab', 'x'),
               ('Bilal Mir', 'bilal@example.com', '9100000002', 'Cipla', 'Punjab', 'x'),
               ('Chetan Rao', 'chetan@example.com', '9100000003', 'Cipla', 'Punjab', 'x');
      insert into doctors (name, specialty, state, city)
        values ('${DOCTORS.phone}', 'Cardiology', 'Jammu and Kashmir', 'Srinagar'),
               ('${DOCTORS.desktop}', 'Cardiology', 'Jammu and Kashmir', 'Srinagar'),
               ('Dr. Someone Else', 'Neurology', 'Jammu and Kashmir', 'Srinagar');
      insert into clinic_doctors (clinic_id, doctor_id) select c.id, d.id from clinic_users c, doctors d;
      -- Each doctor: BOOKED then CANCELLED appointments on as many days from today (the nightly purge drops those
      -- past its history), the reps taking turns; the other doctor's stay out of the filter.
      insert into doctor_appointments (doctor_id, clinic_id, rep_id, appointment_date, status)
        select d.id, c.id, r.ids[1 + k % 3], current_date + k, case when k < ${BOOKED} then 'booked' else 'cancelled' end
        from doctors d, clinic_users c, (select array_agg(id order by id) as ids from medical_reps) r,
          generate_series(0, ${BOOKED + CANCELLED - 1}) k;
    `);
  } finally {
    await db.close();
  }
  server = await startServer({ DATA_DIR: dataDir });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

for (const [label, width] of [
  ['phone', 360],
  ['desktop', 1280],
] as const) {
  test(`the admin pages through the filtered appointments at ${width} px`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ baseURL: server!.baseURL, viewport: { width, height: label === 'phone' ? 780 : 900 } });
    try {
      const page = await context.newPage();
      await page.goto('/admin');
      await page.getByLabel('Admin password').fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Access Admin Panel' }).click();
      await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
      await page.getByRole('tab', { name: 'Appointments' }).click();
      const tab = page.getByRole('region', { name: 'Appointments', exact: true });
      // A table on a desktop, a list of cards on a phone: the same rows either way.
      const rows =
        label === 'phone' ? tab.getByRole('list', { name: 'Appointments' }).getByRole('listitem') : tab.getByRole('table').locator('tbody').getByRole('row');
      const summary = tab.getByText(/^Showing /);
      // 'Showing X of Y appointments' (spec part 2, 2.5; docs/decisions/052): the rows the filters match of every
      // appointment; the rows loaded so far are the list's (a page of 50, then 'Load more').
      await expect(summary).toHaveText(/^Showing (3\d\d) of \1 appointments$/); // 330, less what the other width deleted

      // The filter goes to the server: the doctor's name, typed in another case, and the status.
      const doctor = DOCTORS[label];
      await tab.getByLabel('Doctor name').fill(doctor.toUpperCase().replace('DR. ', ''));
      await tab.getByLabel('Status').selectOption('booked');
      await expect(summary).toHaveText(new RegExp(`^Showing ${BOOKED} of 3\\d\\d appointments$`));
      await expect(rows).toHaveCount(50);
      await expect(rows.filter({ hasText: doctor })).toHaveCount(50);
      await expect(rows.filter({ hasText: 'Cancelled' })).toHaveCount(0);
      const exportLink = tab.getByRole('link', { name: 'Export CSV of these appointments' });
      await expect(exportLink).toHaveAttribute(
        'href',
        `/api/admin/appointments.csv?doctor=${encodeURIComponent(doctor.toUpperCase().replace('DR. ', '')).replace(/%20/g, '+')}&status=booked`,
      );
      await screenshotBoth(page, `admin-appointments-filtered-page1-${label}`);
      await summary.scrollIntoViewIfNeeded();
      await screenshot(page, { path: `test-results/screens/admin-appointments-filtered-summary-${label}.png` });

      // The next page, by keyboard: the button, then the line that says every row is shown, which takes the focus.
      const more = tab.getByRole('button', { name: 'Load more appointments' });
      await more.focus();
      await more.scrollIntoViewIfNeeded();
      await screenshot(page, { path: `test-results/screens/admin-appointments-load-more-${label}.png` });
      await page.keyboard.press('Enter');
      await expect(summary).toHaveText(new RegExp(`^Showing ${BOOKED} of 3\\d\\d appointments$`));
      await expect(rows).toHaveCount(BOOKED);
      await expect(tab.getByText(`All ${BOOKED} appointments shown.`)).toBeFocused();
      await expect(more).toHaveCount(0);
      await screenshot(page, { path: `test-results/screens/admin-appointments-filtered-end-${label}.png` });
      const axe = await axeOf(page).include('section[aria-label="Appointments"]').withTags(['wcag2a', 'wcag2aa']).analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);

      // The export holds what the filter matches, all of it.
      const csv = await page.request.get((await exportLink.getAttribute('href'))!);
      expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
      expect((await csv.text()).trim().split('\r\n')).toHaveLength(BOOKED + 1);

      // Deleting a row (with the typed CONFIRM) takes it out of the list and the count.
      const first = rows.first();
      await first.getByRole('button', { name: /^Delete appointment of / }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete Appointment' });
      await dialog.getByLabel('Type CONFIRM to confirm').fill('CONFIRM');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByTestId('toast')).toContainText('Appointment deleted successfully');
      await expect(summary).toHaveText(new RegExp(`^Showing ${BOOKED - 1} of 3\\d\\d appointments$`));
      await expect(rows).toHaveCount(BOOKED - 1);

      // Clear Filters: every doctor's appointments again, the first page of them.
      await tab.getByRole('button', { name: 'Clear Filters' }).click();
      await expect(summary).toHaveText(/^Showing (\d+) of \1 appointments$/);
      await expect(rows).toHaveCount(50);
    } finally {
      await context.close();
    }
  });
}
