import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addDays, formatDisplayDate, todayInIndia } from '../src/shared/dates';
import { codeIn, type Mailbox, type ReceivedMail } from '../src/server/test/mailbox';
import { expect, screenshot, test } from './fixtures';

// The rep's calendar says why a day cannot be booked (spec part 2, 5), keeps the clinic step to the chosen city,
// and freezes the days call frequency forbids around every visit with the doctor, at any of the doctor's clinics
// (docs/decisions/034). Dr. Farooq Ahmad works at three clinics of Jammu and Kashmir: Srinagar, Anantnag and
// Baramulla.

const PASSWORD = 'Journey!Pass1';
const STATE = 'Jammu and Kashmir';
const EVERY_DAY = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };
const uniq = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const phoneNumber = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.ok(), `${res.url()} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

async function nextMail(mailbox: Mailbox, address: string, before: ReceivedMail[]): Promise<ReceivedMail> {
  return mailbox.waitFor(address, (m) => !before.includes(m), 10_000);
}

/** A verified clinic in `city`, signed in on `api`, with the terms accepted. */
async function signInClinic(api: APIRequestContext, mailbox: Mailbox, clinicName: string, city: string) {
  const email = `clinic${uniq()}@example.com`;
  const before = [...mailbox.to(email)];
  const { registrationToken } = await ok<{ registrationToken: string }>(
    await api.post('/api/clinic/register', {
      data: { clinicName, contactPerson: 'Meera Shah', state: STATE, city, email, contactNumber: phoneNumber(), password: PASSWORD },
    }),
  );
  const otp = codeIn(await nextMail(mailbox, email, before));
  await ok(await api.post('/api/verify-otp', { data: { email, otp, type: 'clinic', registrationToken } }));
  const { user } = await ok<{ user: { id: number } }>(await api.post('/api/auth/login', { data: { email, password: PASSWORD } }));
  await ok(await api.post('/api/accept-terms', { data: { userId: user.id, userType: 'clinic' } }));
  return user.id;
}

/** A verified rep with a free trial, signed in on `api`. */
async function signInRep(api: APIRequestContext, mailbox: Mailbox) {
  const email = `rep${uniq()}@example.com`;
  const before = [...mailbox.to(email)];
  const { registrationToken } = await ok<{ registrationToken: string }>(
    await api.post('/api/medrep/register', {
      data: { fullName: 'Ravi Kumar', email, phone: phoneNumber(), company: 'Sun Pharma', state: STATE, password: PASSWORD, confirmPassword: PASSWORD },
    }),
  );
  const otp = codeIn(await nextMail(mailbox, email, before));
  await ok(await api.post('/api/verify-otp', { data: { email, otp, type: 'medrep', registrationToken } }));
  const { user } = await ok<{ user: { id: number } }>(await api.post('/api/medrep/login', { data: { email, password: PASSWORD } }));
  await ok(await api.post('/api/accept-terms', { data: { userId: user.id, userType: 'medrep' } }));
  await ok(await api.post('/api/subscription/activate-free-trial', { data: { medicalRepId: user.id } }));
  return user.id;
}

/** The day's button, after moving the calendar to its month. */
async function dayButton(page: Page, date: string): Promise<Locator> {
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible();
  const cell = grid.locator(`[data-date="${date}"]`);
  for (let i = 0; i < 3 && (await cell.count()) === 0; i++) {
    const first = (await grid.locator('[data-date]').first().getAttribute('data-date'))!;
    await page.getByRole('button', { name: date < first ? 'Previous month' : 'Next month' }).click();
    await expect(grid).not.toHaveAttribute('aria-busy', 'true');
  }
  return cell;
}

async function shoot(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.getByRole('grid').scrollIntoViewIfNeeded();
    await screenshot(page, { path: `/work/scratch/shots/c-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the calendar says why a day cannot be booked, around visits at any of the doctor’s clinics', async ({ page, browser, baseURL, mailbox }) => {
  test.setTimeout(180_000);
  const doctorName = `Farooq Ahmad ${uniq().slice(-5)}`;
  const tag = uniq().slice(-4);
  const names = { srinagar: `Srinagar Care Clinic ${tag}`, anantnag: `Anantnag Health Centre ${tag}`, baramulla: `Baramulla Family Clinic ${tag}` };
  const today = todayInIndia(new Date());
  const at = (n: number) => addDays(today, n);

  // Three clinics, one doctor, one slot a day, 7 days' call frequency at each. The Anantnag clinic cancels today's calls.
  const clinicContext = await browser.newContext({ baseURL });
  const api = clinicContext.request;
  const srinagar = await signInClinic(api, mailbox, names.srinagar, 'Srinagar');
  const { doctor } = await ok<{ doctor: { id: number } }>(
    await api.post('/api/clinic/doctors', { data: { clinicId: srinagar, name: doctorName, specialty: 'Cardiology', state: STATE, city: 'Srinagar' } }),
  );
  const settings = { doctorId: doctor.id, maxSlots: 1, callFrequency: 7, availableDays: EVERY_DAY };
  await ok(await api.post('/api/clinic/settings', { data: { clinicId: srinagar, ...settings } }));
  const linked: Record<'anantnag' | 'baramulla', number> = { anantnag: 0, baramulla: 0 };
  for (const [key, city] of [
    ['anantnag', 'Anantnag'],
    ['baramulla', 'Baramulla'],
  ] as const) {
    const clinicId = await signInClinic(api, mailbox, names[key], city);
    await ok(await api.post('/api/clinic/add-existing-doctor', { data: { clinicId, doctorId: doctor.id } }));
    await ok(await api.post('/api/clinic/settings', { data: { clinicId, ...settings } }));
    linked[key] = clinicId;
    if (key === 'anantnag') {
      await ok(
        await api.post('/api/clinic/cancel-today-calls', { data: { clinicId, doctorId: doctor.id, date: today, reason: 'Clinic will be closed today' } }),
      );
    }
  }
  await clinicContext.close();

  // Another rep takes the Anantnag slot of day 11.
  const otherContext = await browser.newContext({ baseURL });
  const other = await signInRep(otherContext.request, mailbox);
  await ok(
    await otherContext.request.post('/api/book-appointment', {
      data: { doctorId: doctor.id, clinicId: linked.anantnag, repId: other, appointmentDate: at(11) },
    }),
  );
  await otherContext.close();

  // Our rep visits the doctor tomorrow in Srinagar and on day 20 in Baramulla.
  const rep = await signInRep(page.request, mailbox);
  for (const [clinicId, date] of [
    [srinagar, at(1)],
    [linked.baramulla, at(20)],
  ] as const) {
    await ok(await page.request.post('/api/book-appointment', { data: { doctorId: doctor.id, clinicId, repId: rep, appointmentDate: date } }));
  }

  // Item: the clinic step keeps to the chosen city.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/medrep-dashboard');
  await page.getByLabel('State').selectOption(STATE);
  await page.getByLabel('City').selectOption('Anantnag');
  await page.getByLabel('Specialty').selectOption('Cardiology');
  await page.getByLabel('Select Doctor').selectOption({ label: `Dr. ${doctorName}` });
  const clinicSelect = page.getByLabel('Select Clinic');
  await expect(clinicSelect.locator('option')).toHaveText(['Select Clinic', `${names.anantnag} (Anantnag)`]);
  await clinicSelect.selectOption({ label: `${names.anantnag} (Anantnag)` });

  const panel = page.getByRole('region', { name: 'Selected date' });
  const book = panel.getByRole('button', { name: 'Book Appointment' });
  const frozenUntil = (date: string) =>
    `Due to call frequency restrictions, you cannot book an appointment before ${formatDisplayDate(date)}. Please select a later date.`;

  // Each kind of day, clicked: its rule's message in the panel, no Book button; the same words describe the button.
  const expected: [number, string, string][] = [
    [0, 'closed', "The clinic has cancelled this doctor's calls for this date. Please select another date."],
    [1, 'already_booked', 'You already have an appointment with this doctor on this date'],
    [5, 'frequency', frozenUntil(at(9))],
    [11, 'full', 'No appointment slots available for this date. Please select another date.'],
    // After the spec's first cutoff: 7 days either side of the Baramulla visit are frozen too.
    [15, 'frequency', frozenUntil(at(27))],
    [21, 'frequency', frozenUntil(at(27))],
  ];
  for (const [n, reason, message] of expected) {
    const day = await dayButton(page, at(n));
    await expect(day, `day ${n}`).toHaveAttribute('data-reason', reason);
    await expect(day).toHaveAccessibleDescription(message);
    // aria-disabled (it cannot be booked), which Playwright counts as not enabled: a real mouse click all the same.
    await day.click({ force: true });
    await expect(panel).toContainText(formatDisplayDate(at(n)));
    await expect(panel.getByTestId('day-refusal')).toHaveText(message);
    await expect(book).toHaveCount(0);
  }
  await shoot(page, 'calendar-refused-day');

  // Keyboard: from a frozen neighbour in its month the arrows reach day 20 (booked in Baramulla); Enter tells why.
  const sameMonth = at(21).slice(0, 7) === at(20).slice(0, 7);
  await (await dayButton(page, sameMonth ? at(21) : at(19))).focus();
  await page.keyboard.press(sameMonth ? 'ArrowLeft' : 'ArrowRight');
  await expect(page.locator(':focus')).toHaveAttribute('data-date', at(20));
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('day-refusal')).toHaveText('You already have an appointment with this doctor on this date');

  // Between the freezes a day is open again: 9 days after tomorrow, 11 before day 20.
  const open = await dayButton(page, at(9));
  await expect(open).toHaveAttribute('data-reason', 'available');
  await open.click();
  await expect(panel.getByTestId('day-refusal')).toHaveCount(0);
  await expect(book).toBeEnabled();

  // Closed and Full look different (hatched and solid) besides their words.
  const closed = await dayButton(page, at(0));
  const closedLook = await closed.evaluate((el) => getComputedStyle(el).backgroundImage);
  expect(closedLook).toContain('repeating-linear-gradient');
  const full = await dayButton(page, at(11));
  await expect(full).toHaveText(/Full/);
  const fullLook = await full.evaluate((el) => ({ image: getComputedStyle(el).backgroundImage, colour: getComputedStyle(el).backgroundColor }));
  expect(fullLook.image).toBe('none');
  const closedColour = await (await dayButton(page, at(0))).evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(closedColour).not.toBe(fullLook.colour);
  await (await dayButton(page, at(0))).click({ force: true });
  await shoot(page, 'calendar-closed');
  await (await dayButton(page, at(11))).click({ force: true });
  await shoot(page, 'calendar-full');
});
