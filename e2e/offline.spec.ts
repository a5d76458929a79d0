import type { BrowserContext, Page } from '@playwright/test';
import { addDays, formatDisplayDate, todayInIndia } from '../src/shared/dates';
import { expect, screenshot, screenshotBoth, test } from './fixtures';
import { chooseDoctorAndClinic, createClinicWithDoctor, EVERY_DAY, hydrated, ok, PASSWORD, signInAdmin, signInRepWithTrial } from './setup';

// Spec part 2, 2.8, 3, 4, 7, 9 and decision 010: the installable app opens offline, a rep books without a network,
// the booking is sent once when the network returns, a refusal is reported, and the install card behaves.

// This journey needs the service worker (the other specs block it, see playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const FULL = 'No appointment slots available for this date. Please select another date.';

/** Loads `path`, waits until the service worker controls the page (precache done), and reloads once. */
async function loadControlled(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

async function networkReachable(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    fetch('/api/health', { cache: 'no-store' }).then(
      () => true,
      () => false,
    ),
  );
}

/** The pending bookings stored on the device, read straight from IndexedDB. */
async function pendingOnDevice(page: Page): Promise<{ id: string; data: Record<string, unknown>; timestamp: number }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open('RepVisitDB', 1);
        req.onerror = () => reject(req.error ?? new Error('indexedDB.open failed'));
        req.onsuccess = () => {
          const db = req.result;
          const all = db.transaction('pendingAppointments').objectStore('pendingAppointments').getAll();
          all.onsuccess = () => {
            resolve(all.result);
            db.close();
          };
          all.onerror = () => reject(all.error ?? new Error('getAll failed'));
        };
      }),
  );
}

/** Walks the Find a Doctor cascade to the calendar and selects `date`. */
async function openCalendarOn(page: Page, doctorName: string, clinicName: string, date: string) {
  await page.goto('/medrep-dashboard');
  await chooseDoctorAndClinic(page, { doctorLabel: `Dr. ${doctorName}`, clinicName: clinicName });
  await expect(page.getByRole('heading', { name: `Dr. ${doctorName}'s Availability` })).toBeVisible();
  const grid = page.getByRole('grid');
  if (date.slice(0, 7) !== todayInIndia(new Date()).slice(0, 7)) await page.getByRole('button', { name: 'Next month' }).click();
  await grid.locator(`[data-date="${date}"]`).click();
  await expect(grid.locator(`[data-date="${date}"]`)).toHaveAttribute('aria-pressed', 'true');
}

/** What a phone shows on screen (fixed widgets sit in the viewport, not on the full-page picture). */
async function phoneView(page: Page, name: string) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  await screenshot(page, { path: `test-results/screens/${name}-phone-view.png` });
  if (size) await page.setViewportSize(size);
}

async function goOffline(page: Page, context: BrowserContext) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

test('the app shell and a page seen before open with the network off', async ({ page, context }) => {
  await loadControlled(page, '/about-us');
  await expect(page.getByRole('heading', { level: 1, name: 'About RepVisit' })).toBeVisible();
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    return { links: document.querySelectorAll('link[rel="manifest"]').length, body: link ? await (await fetch(link.href)).json() : null };
  });
  expect(manifest.links).toBe(1);
  expect(manifest.body).toMatchObject({
    name: 'RepVisit',
    short_name: 'RepVisit',
    display: 'standalone',
    start_url: '/',
    theme_color: '#0f766e',
    background_color: '#f8fafc',
  });
  expect(manifest.body.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);

  await goOffline(page, context);
  expect(await networkReachable(page)).toBe(false);
  await page.goto('/about-us');
  await expect(page.getByRole('heading', { level: 1, name: 'About RepVisit' })).toBeVisible();
  // Every page's code is in the shell, so a page not opened before works too.
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByTestId('connectivity-badge')).toContainText('Offline mode');
  await screenshotBoth(page, 'offline-shell');
  await context.setOffline(false);
});

test('a rep books offline; the booking is sent once when the network returns', async ({ page, context, browser, baseURL, mailbox }) => {
  test.setTimeout(120_000);
  const clinicContext = await browser.newContext({ baseURL });
  const { clinicName, doctorName, doctorId, clinicId } = await createClinicWithDoctor(clinicContext.request, mailbox);
  await clinicContext.close();
  const rep = await signInRepWithTrial(page.request, mailbox);
  const tomorrow = addDays(todayInIndia(new Date()), 1);

  await loadControlled(page, '/medrep-dashboard');
  // My Appointments once online, so its answer is kept for offline use.
  await page.getByRole('tab', { name: 'My Appointments' }).click();
  await expect(page.getByText('No upcoming appointments found.')).toBeVisible();
  await openCalendarOn(page, doctorName, clinicName, tomorrow);

  await goOffline(page, context);
  const badge = page.getByTestId('connectivity-badge');
  await expect(badge).toHaveText('Offline mode');
  await page.getByRole('button', { name: 'Book Appointment', exact: true }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Saved Offline');
  await expect(toast).toContainText(`Dr. ${doctorName} at ${clinicName} on ${formatDisplayDate(tomorrow)}`);
  await expect(badge).toContainText('Offline mode');
  await expect(badge).toContainText('1 pending');

  const [stored] = await pendingOnDevice(page);
  expect(stored!.id).toMatch(/^appointment_/);
  expect(stored!.data).toMatchObject({ doctorId, clinicId, repId: rep.id, appointmentDate: tomorrow, doctorName: `Dr. ${doctorName}`, clinicName });
  expect(typeof stored!.timestamp).toBe('number');

  // My Appointments shows it as waiting, beside the list kept from before.
  await page.getByRole('tab', { name: 'My Appointments' }).click();
  const pendingCard = page.getByTestId('pending-appointment-card');
  await expect(pendingCard).toHaveCount(1);
  await expect(pendingCard).toContainText('Pending sync');
  await expect(pendingCard).toContainText(`Dr. ${doctorName}`);
  await expect(pendingCard).toContainText(formatDisplayDate(tomorrow));
  await expect(toast).toBeHidden({ timeout: 10_000 });
  await screenshotBoth(page, 'offline-pending');
  await phoneView(page, 'offline-pending');

  // The dashboard, seen before, opens again without a network, from the shell and the offline cache.
  await page.reload();
  await expect(page.getByText(`Welcome, ${rep.fullName}`)).toBeVisible();
  await expect(page.getByLabel('State')).toBeVisible();
  await page.getByRole('tab', { name: 'My Appointments' }).click();
  await expect(pendingCard).toHaveCount(1);
  // A booking waiting to be sent means the list is not empty.
  await expect(page.getByText('No upcoming appointments found.')).toBeHidden();

  // Back online: the sync starts by itself; a second trigger at once must not send it twice.
  await context.setOffline(false);
  await page.evaluate(() => {
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('online'));
  });
  await expect(toast).toContainText('Appointments Synced');
  await expect(toast).toContainText('1 offline appointment has been synced successfully.');
  await expect(badge).toHaveText('Connected');
  await expect(pendingCard).toHaveCount(0);
  await expect(page.getByTestId('appointment-card')).toHaveCount(1);
  await expect(page.getByTestId('appointment-card')).toContainText(formatDisplayDate(tomorrow));
  await expect(badge).toHaveText('', { timeout: 5_000 });
  expect(await pendingOnDevice(page)).toEqual([]);

  const list = await ok<{ appointments: { appointment_date: string }[] }>(await page.request.get(`/api/rep-appointments?repId=${rep.id}`));
  expect(list.appointments.map((a) => a.appointment_date)).toEqual([tomorrow]);

  // A replay of the same pending booking (a sync cut off before its answer arrived) books nothing more.
  const replay = await page.request.post('/api/book-appointment', {
    headers: { 'Idempotency-Key': stored!.id },
    data: { doctorId, clinicId, repId: rep.id, appointmentDate: tomorrow },
  });
  expect(replay.status()).toBe(201);
  expect(replay.headers()['idempotent-replayed']).toBe('true');
  const again = await ok<{ appointments: unknown[] }>(await page.request.get(`/api/rep-appointments?repId=${rep.id}`));
  expect(again.appointments).toHaveLength(1);
});

test('a queued booking for a day that filled up meanwhile is reported with the reason', async ({ page, context, browser, baseURL, mailbox }) => {
  test.setTimeout(120_000);
  const clinicContext = await browser.newContext({ baseURL });
  const { clinicName, doctorName, doctorId, clinicId } = await createClinicWithDoctor(clinicContext.request, mailbox, { settings: { maxSlots: 1 } });
  await clinicContext.close();
  const rep = await signInRepWithTrial(page.request, mailbox);
  const tomorrow = addDays(todayInIndia(new Date()), 1);

  await openCalendarOn(page, doctorName, clinicName, tomorrow);
  await goOffline(page, context);
  await page.getByRole('button', { name: 'Book Appointment', exact: true }).click();
  await expect(page.getByTestId('connectivity-badge')).toContainText('1 pending');

  // Meanwhile another rep takes the last slot.
  const otherContext = await browser.newContext({ baseURL });
  const other = await signInRepWithTrial(otherContext.request, mailbox, { fullName: 'Sara Dar' });
  await ok(await otherContext.request.post('/api/book-appointment', { data: { doctorId, clinicId, repId: other.id, appointmentDate: tomorrow } }));
  await otherContext.close();

  await context.setOffline(false);
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Offline Booking Failed');
  await expect(toast).toContainText(`Dr. ${doctorName} at ${clinicName} on ${formatDisplayDate(tomorrow)}: ${FULL}`);
  await expect(toast).not.toContainText('Appointments Synced');
  expect(await pendingOnDevice(page)).toEqual([]);
  await expect(page.getByTestId('connectivity-badge')).toHaveText('Connected');
  const list = await ok<{ appointments: unknown[] }>(await page.request.get(`/api/rep-appointments?repId=${rep.id}`));
  expect(list.appointments).toEqual([]);
  await phoneView(page, 'offline-refused');
});

// Decision 033: a visit cancelled without a network waits on the device like a booking: shown as waiting, kept
// across a reload, undoable until it is sent, sent once when the network returns, and reported in a toast.
test('a visit cancelled offline waits visibly, survives a reload, can be undone, and is sent once when the network returns', async ({
  page,
  context,
  browser,
  baseURL,
  mailbox,
}) => {
  test.setTimeout(120_000);
  const clinicContext = await browser.newContext({ baseURL });
  const { clinicName, doctorName, doctorId, clinicId } = await createClinicWithDoctor(clinicContext.request, mailbox);
  await clinicContext.close();
  const rep = await signInRepWithTrial(page.request, mailbox);
  const tomorrow = addDays(todayInIndia(new Date()), 1);
  await ok(await page.request.post('/api/book-appointment', { data: { doctorId, clinicId, repId: rep.id, appointmentDate: tomorrow } }));
  const cancelCalls: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'DELETE' && new URL(r.url()).pathname.startsWith('/api/appointments/')) cancelCalls.push(r.url());
  });

  await loadControlled(page, '/medrep-dashboard');
  await page.getByRole('tab', { name: 'My Appointments' }).click();
  const card = page.getByTestId('appointment-card');
  await expect(card).toHaveCount(1);
  const label = `Dr. ${doctorName} at ${clinicName} on ${formatDisplayDate(tomorrow)}`;
  const cancelVisit = async () => {
    await card.getByRole('button', { name: /^Cancel appointment with/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel Appointment' }).click();
  };

  await goOffline(page, context);
  await cancelVisit();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Cancellation waiting to be sent');
  await expect(toast).toContainText(label);
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(card).toContainText('Cancellation waiting to be sent');
  await expect(card.getByRole('button', { name: /^Cancel appointment with/ })).toHaveCount(0);
  await expect(page.getByTestId('connectivity-badge')).toContainText('1 pending');
  const stored = await pendingOnDevice(page);
  expect(stored).toHaveLength(1);
  expect(stored[0]!.data).toMatchObject({ kind: 'cancel', repId: rep.id, appointment: { appointment_date: tomorrow } });
  await screenshotBoth(page, 'offline-cancel-waiting');

  // Kept on the device: a reload without a network still shows it waiting.
  await page.reload();
  await page.getByRole('tab', { name: 'My Appointments' }).click();
  await expect(card).toContainText('Cancellation waiting to be sent');

  // Undone before it was sent: the visit stays booked and nothing waits any more.
  await card.getByRole('button', { name: /^Undo cancellation/ }).click();
  await expect(toast).toContainText('Cancellation Undone');
  await expect(card).not.toContainText('Cancellation waiting to be sent');
  await expect(card.getByRole('button', { name: /^Cancel appointment with/ })).toBeVisible();
  expect(await pendingOnDevice(page)).toEqual([]);

  // Cancelled again; back online it is sent once (a second trigger at once sends nothing more) and reported.
  await cancelVisit();
  await expect(card).toContainText('Cancellation waiting to be sent');
  expect(cancelCalls).toEqual([]);
  await context.setOffline(false);
  await page.evaluate(() => {
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('online'));
  });
  await expect(toast).toContainText('Appointment Cancelled');
  await expect(toast).toContainText(label);
  await expect(card).toHaveCount(0);
  await expect(page.getByText('No upcoming appointments found.')).toBeVisible();
  expect(await pendingOnDevice(page)).toEqual([]);
  expect(cancelCalls).toHaveLength(1);
  const list = await ok<{ appointments: unknown[] }>(await page.request.get(`/api/rep-appointments?repId=${rep.id}`));
  expect(list.appointments).toEqual([]);
});

test('a cancellation whose answer was lost on the way is sent again and reported as done, not refused', async ({
  page,
  context,
  browser,
  baseURL,
  mailbox,
}) => {
  test.setTimeout(120_000);
  const clinicContext = await browser.newContext({ baseURL });
  const { doctorId, clinicId } = await createClinicWithDoctor(clinicContext.request, mailbox);
  await clinicContext.close();
  const rep = await signInRepWithTrial(page.request, mailbox);
  const tomorrow = addDays(todayInIndia(new Date()), 1);
  await ok(await page.request.post('/api/book-appointment', { data: { doctorId, clinicId, repId: rep.id, appointmentDate: tomorrow } }));

  await loadControlled(page, '/medrep-dashboard');
  await page.getByRole('tab', { name: 'My Appointments' }).click();
  const card = page.getByTestId('appointment-card');
  // The visit must be on screen before the network goes, as it would be for a rep who sees it and cancels.
  await expect(card).toHaveCount(1);
  await goOffline(page, context);
  await card.getByRole('button', { name: /^Cancel appointment with/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel Appointment' }).click();
  await expect(card).toContainText('Cancellation waiting to be sent');

  // The first send reaches the server, which cancels the visit, but its answer never reaches the phone.
  let lost = 0;
  await page.route('**/api/appointments/*', async (route) => {
    if (route.request().method() !== 'DELETE' || lost > 0) return route.fallback();
    lost += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await context.setOffline(false);
  await expect.poll(() => lost).toBe(1);
  const list = await ok<{ appointments: unknown[] }>(await page.request.get(`/api/rep-appointments?repId=${rep.id}`));
  expect(list.appointments).toEqual([]);
  await expect.poll(() => pendingOnDevice(page)).toHaveLength(1);

  // The next try finds the visit cancelled already: done, told as done.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Appointment Cancelled');
  await expect(toast).not.toContainText('Failed');
  expect(await pendingOnDevice(page)).toEqual([]);
  await expect(card).toHaveCount(0);
});

// Spec part 2, 5 applied offline to what is cached and queued (decision 033), and My Appointments never loaded
// before the network went: 'You are offline' with what waits, not a fetch error.
test('offline, the booking rules count the visits waiting on the device, and My Appointments says you are offline', async ({
  page,
  context,
  browser,
  baseURL,
  mailbox,
}) => {
  test.setTimeout(150_000);
  const contextA = await browser.newContext({ baseURL });
  const a = await createClinicWithDoctor(contextA.request, mailbox);
  await contextA.close();
  // The same doctor also works at a second clinic.
  const contextB = await browser.newContext({ baseURL });
  const b = await createClinicWithDoctor(contextB.request, mailbox);
  await ok(await contextB.request.post('/api/clinic/add-existing-doctor', { data: { clinicId: b.clinicId, doctorId: a.doctorId } }));
  await ok(
    await contextB.request.post('/api/clinic/settings', {
      data: { clinicId: b.clinicId, doctorId: a.doctorId, maxSlots: 3, callFrequency: 7, availableDays: EVERY_DAY },
    }),
  );
  await contextB.close();
  const rep = await signInRepWithTrial(page.request, mailbox);
  // A date whose next day is in the same month, so one month of each calendar shows both.
  const tomorrow = addDays(todayInIndia(new Date()), 1);
  const day = addDays(tomorrow, 1).slice(0, 7) === tomorrow.slice(0, 7) ? tomorrow : addDays(tomorrow, 1);
  const nextDay = addDays(day, 1);

  // Both calendars seen once online (so kept for offline use); My Appointments is not opened.
  await loadControlled(page, '/medrep-dashboard');
  await openCalendarOn(page, a.doctorName, b.clinicName, nextDay);
  await openCalendarOn(page, a.doctorName, a.clinicName, day);

  await goOffline(page, context);
  await page.getByRole('button', { name: 'Book Appointment', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('Saved Offline');
  const grid = page.getByRole('grid');
  const cell = (date: string) => grid.locator(`[data-date="${date}"]`);

  // The waiting visit is marked on the calendar, and no second visit with this doctor here can be queued.
  await expect(cell(day)).toHaveAttribute('data-pending', 'true');
  await expect(cell(day)).toContainText('Pending');
  await expect(cell(day)).toHaveAttribute('aria-disabled', 'true');
  await expect(cell(nextDay)).toHaveAttribute('data-reason', 'has_future_appointment');
  await expect(cell(nextDay)).toHaveAttribute('aria-disabled', 'true');
  // aria-disabled: Playwright would wait for it to be enabled; a person's tap lands all the same.
  await cell(nextDay).click({ force: true });
  await expect(page.getByRole('button', { name: 'Book Appointment', exact: true })).toHaveCount(0);
  await screenshotBoth(page, 'offline-calendar-pending');

  // The same doctor at the other clinic: the same day is taken, the days after it are frozen by call frequency.
  await page.getByLabel('Select Clinic').selectOption({ label: `${b.clinicName} (Srinagar)` });
  await expect(page.getByText(`at ${b.clinicName}`)).toBeVisible();
  await expect(cell(day)).toHaveAttribute('data-pending', 'true');
  await expect(cell(day)).toHaveAttribute('data-reason', 'already_booked');
  await expect(cell(nextDay)).toHaveAttribute('data-reason', 'frequency');
  await expect(cell(nextDay)).toHaveAttribute('aria-disabled', 'true');
  expect(await pendingOnDevice(page)).toHaveLength(1);

  // My Appointments was never loaded online in this session: it says so and shows what waits.
  await page.getByRole('tab', { name: 'My Appointments' }).click();
  await expect(page.getByText('You are offline', { exact: true })).toBeVisible();
  await expect(page.getByTestId('pending-appointment-card')).toHaveCount(1);
  await expect(page.getByText('Failed to fetch your appointments. Please try again.')).toHaveCount(0);
  await expect(page.getByTestId('toast').filter({ hasText: 'Failed to fetch' })).toHaveCount(0);
  await screenshotBoth(page, 'offline-appointments-never-loaded');

  // Back online: the one waiting visit is booked and the list loads.
  await context.setOffline(false);
  await expect(page.getByTestId('toast')).toContainText('Appointments Synced');
  await expect(page.getByTestId('appointment-card')).toHaveCount(1);
  await expect(page.getByText('You are offline', { exact: true })).toHaveCount(0);
  const list = await ok<{ appointments: { appointment_date: string }[] }>(await page.request.get(`/api/rep-appointments?repId=${rep.id}`));
  expect(list.appointments.map((x) => x.appointment_date)).toEqual([day]);
});

test('the install card shows 10 s after the install event and stays away after Not now', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  // The app listens once it has rendered: fire until it takes the event (each one restarts the 10 s).
  const fireInstallEvent = async () => {
    await expect(page.locator('#main')).toBeVisible();
    await expect.poll(() => dispatchInstallEvent()).toBe(true);
    return true;
  };
  const dispatchInstallEvent = () =>
    page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
      event.prompt = () => {
        (window as unknown as { prompted: number }).prompted = ((window as unknown as { prompted?: number }).prompted ?? 0) + 1;
        return Promise.resolve();
      };
      event.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
  const card = page.getByRole('complementary', { name: 'Install RepVisit' });

  expect(await fireInstallEvent()).toBe(true);
  await page.clock.fastForward(9_000);
  await expect(card).toBeHidden();
  await page.clock.fastForward(1_000);
  await expect(card).toBeVisible();
  await expect(card).toContainText('Add to home screen for quick access');
  await screenshotBoth(page, 'install-card');
  await phoneView(page, 'install-card');

  // 'Install App' opens the browser's own prompt and hides the card (nothing remembered).
  await card.getByRole('button', { name: 'Install App' }).click();
  await expect(card).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { prompted: number }).prompted)).toBe(1);

  await page.reload();
  await fireInstallEvent();
  await page.clock.fastForward(10_000);
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Not now' }).click();
  await expect(card).toBeHidden();

  // Remembered: no card after a reload either.
  await page.reload();
  await fireInstallEvent();
  await page.clock.fastForward(20_000);
  await expect(card).toBeHidden();

  // Once installed the remembered dismissal is cleared; the close button also remembers it.
  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
  await page.reload();
  await fireInstallEvent();
  await page.clock.fastForward(10_000);
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Close' }).click();
  await expect(card).toBeHidden();
  await page.reload();
  await fireInstallEvent();
  await page.clock.fastForward(10_000);
  await expect(card).toBeHidden();
});

test('no install card when the app runs standalone', async ({ page }) => {
  await page.clock.install();
  await page.addInitScript(() => {
    const original = window.matchMedia.bind(window);
    window.matchMedia = (q: string) => (q === '(display-mode: standalone)' ? { ...original(q), matches: true, media: q } : original(q));
  });
  await page.goto('/');
  await expect(page.locator('#main')).toBeVisible();
  // Give the app's effects time to run (React schedules them outside the faked clock).
  await page.waitForTimeout(1_000);
  const prevented = await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
    event.prompt = () => Promise.resolve();
    event.userChoice = Promise.resolve({ outcome: 'dismissed' });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
  // Standalone, the app does not even take the install event.
  expect(prevented).toBe(false);
  await page.clock.fastForward(15_000);
  await expect(page.getByRole('complementary', { name: 'Install RepVisit' })).toBeHidden();
});

/** The Find a Doctor cascade to the calendar on the page as it is (no navigation, so nothing is read again). */
async function pickDayHere(page: Page, doctorName: string, clinicName: string, date: string) {
  await chooseDoctorAndClinic(page, { doctorLabel: `Dr. ${doctorName}`, clinicName });
  await expect(page.getByRole('heading', { name: `Dr. ${doctorName}'s Availability` })).toBeVisible();
  const grid = page.getByRole('grid');
  if (date.slice(0, 7) !== todayInIndia(new Date()).slice(0, 7)) await page.getByRole('button', { name: 'Next month' }).click();
  await grid.locator(`[data-date="${date}"]`).click();
  await expect(grid.locator(`[data-date="${date}"]`)).toHaveAttribute('aria-pressed', 'true');
}

// Decision 010: the session the device already knows opens the dashboard offline, however the rep signed in (the
// login form's answer is kept like a read of the session, decision 047).
test('a rep who signed in through the login form, booked offline and reloaded stays in the dashboard with the booking waiting', async ({
  page,
  context,
  browser,
  baseURL,
  mailbox,
}) => {
  test.setTimeout(120_000);
  const other = await browser.newContext({ baseURL });
  const { clinicName, doctorName } = await createClinicWithDoctor(other.request, mailbox);
  const rep = await signInRepWithTrial(other.request, mailbox);
  await other.close();
  const tomorrow = addDays(todayInIndia(new Date()), 1);

  // The service worker takes the page over (clientsClaim) without a reload, so the session is read only by the login.
  await page.goto('/medrep-login');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const login = page.getByRole('button', { name: 'Login' });
  await hydrated(login);
  await page.getByLabel('Email').fill(rep.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await login.click();
  await expect(page).toHaveURL(/\/medrep-dashboard$/);
  await expect(page.getByText(`Welcome, ${rep.fullName}`)).toBeVisible();
  await pickDayHere(page, doctorName, clinicName, tomorrow);

  await goOffline(page, context);
  await page.getByRole('button', { name: 'Book Appointment', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('Saved Offline');
  const badge = page.getByTestId('connectivity-badge');
  await expect(badge).toContainText('1 pending');

  await page.reload();
  await expect(page).toHaveURL(/\/medrep-dashboard$/);
  await expect(page.getByText(`Welcome, ${rep.fullName}`)).toBeVisible();
  await expect(badge).toContainText('Offline mode');
  await expect(badge).toContainText('1 pending');
  await expect(page.getByText('Session Expired')).toHaveCount(0);
  await expect(page.getByText('Authentication Error')).toHaveCount(0);
  await page.getByRole('tab', { name: 'My Appointments' }).click();
  await expect(page.getByTestId('pending-appointment-card')).toHaveCount(1);
  await context.setOffline(false);
});

// Spec part 2, 4: booking works offline, also on a first visit before the service worker has installed (its code
// is then not on the device): the booking is queued and said so, nothing blanks.
test('booking offline before the service worker has installed queues the booking and keeps the page', async ({ browser, baseURL, mailbox }) => {
  test.setTimeout(120_000);
  const clinic = await browser.newContext({ baseURL });
  const { clinicName, doctorName } = await createClinicWithDoctor(clinic.request, mailbox);
  await clinic.close();
  // No service worker here: nothing of the app is on the device but what this page has already loaded.
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  await signInRepWithTrial(page.request, mailbox);
  const tomorrow = addDays(todayInIndia(new Date()), 1);
  await openCalendarOn(page, doctorName, clinicName, tomorrow);

  await goOffline(page, context);
  await page.getByRole('button', { name: 'Book Appointment', exact: true }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Saved Offline');
  await expect(toast).toContainText(`Dr. ${doctorName} at ${clinicName} on ${formatDisplayDate(tomorrow)}`);
  await expect(page.getByRole('heading', { name: `Dr. ${doctorName}'s Availability` })).toBeVisible();
  await expect(page.getByTestId('connectivity-badge')).toContainText('1 pending');
  await expect.poll(() => pendingOnDevice(page)).toHaveLength(1);
  await context.setOffline(false);
  await context.close();
});

// Spec part 2, 2.1: the admin's announcement; a dashboard opened without a network shows it once the network is back.
test('after a reload offline, the announcement comes back when the network does', async ({ page, context, browser, baseURL, mailbox }) => {
  test.setTimeout(120_000);
  const admin = await (await browser.newContext({ baseURL })).newPage();
  await signInAdmin(admin, baseURL!);
  await admin.getByRole('tab', { name: 'Notifications' }).click();
  const message = `Clinics in Srinagar close early today ${Date.now()}.`;
  await admin.getByLabel('Message').fill(message);
  await admin.getByRole('button', { name: 'Send Notification' }).click();
  await expect(admin.getByRole('region', { name: 'Shown to medical representatives' })).toHaveText(message);
  await admin.context().close();

  const rep = await signInRepWithTrial(page.request, mailbox);
  await loadControlled(page, '/medrep-dashboard');
  const banner = page.getByRole('region', { name: 'Announcement' });
  await expect(banner).toContainText(message);

  await goOffline(page, context);
  await page.reload();
  await expect(page.getByText(`Welcome, ${rep.fullName}`)).toBeVisible();
  await context.setOffline(false);
  await expect(banner).toContainText(message);
});
