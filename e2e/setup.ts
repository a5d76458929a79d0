import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { codeIn, type Mailbox, type ReceivedMail } from '../src/server/test/mailbox';

// Shared set-up for journeys: a verified clinic with one doctor and a verified rep with a free trial, made
// through the public API exactly as a person would (register, e-mailed code, login, terms).

export const PASSWORD = 'Journey!Pass1';
export const uniq = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
export const phoneNumber = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
/** Letters only, so a name stays unique on a server other journeys share. */
export const uniqueWord = () => Array.from({ length: 6 }, (_, i) => String.fromCharCode((i ? 97 : 65) + Math.floor(Math.random() * 26))).join('');
export const EVERY_DAY = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };

/** The next e-mail to `address` that was not in the mailbox when `before` was taken. */
export async function nextMail(mailbox: Mailbox, address: string, before: ReceivedMail[]): Promise<ReceivedMail> {
  return mailbox.waitFor(address, (m) => !before.includes(m), 10_000);
}

export async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.ok(), `${res.url()} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** A verified clinic signed in through `api`, with one doctor (open every day unless `settings` says otherwise). */
export async function createClinicWithDoctor(
  api: APIRequestContext,
  mailbox: Mailbox,
  o: {
    doctorName?: string;
    settings?: {
      maxSlots?: number;
      callFrequency?: number;
      availableDays?: Record<string, boolean>;
      /** visiting hours (docs/decisions/039) */
      visitWindows?: { start: string; end: string }[];
      slotMinutes?: number;
    };
  } = {},
) {
  const email = `clinic${uniq()}@example.com`;
  const clinicName = `Lake View Clinic ${uniq().slice(-4)}`;
  const doctorName = o.doctorName ?? `Asha ${uniqueWord()}`;
  const before = [...mailbox.to(email)];
  const { registrationToken } = await ok<{ registrationToken: string }>(
    await api.post('/api/clinic/register', {
      data: { clinicName, contactPerson: 'Meera Shah', state: 'Jammu and Kashmir', city: 'Srinagar', email, contactNumber: phoneNumber(), password: PASSWORD },
    }),
  );
  const otp = codeIn(await nextMail(mailbox, email, before));
  await ok(await api.post('/api/verify-otp', { data: { email, otp, type: 'clinic', registrationToken } }));
  const { user } = await ok<{ user: { id: number } }>(await api.post('/api/auth/login', { data: { email, password: PASSWORD } }));
  await ok(await api.post('/api/accept-terms', { data: { userId: user.id, userType: 'clinic' } }));
  const { doctor } = await ok<{ doctor: { id: number } }>(
    await api.post('/api/clinic/doctors', {
      data: { clinicId: user.id, name: doctorName, specialty: 'Cardiology', state: 'Jammu and Kashmir', city: 'Srinagar' },
    }),
  );
  await ok(
    await api.post('/api/clinic/settings', {
      data: { clinicId: user.id, doctorId: doctor.id, maxSlots: 3, callFrequency: 7, availableDays: EVERY_DAY, ...o.settings },
    }),
  );
  return { clinicName, clinicId: user.id, doctorId: doctor.id, doctorName };
}

/** A verified rep with a free trial, signed in through `api` (a page's own cookie jar, or another context's). */
/** A verified, signed-in rep (terms accepted unless `withTerms: false`), registered through the API. */
export async function signInRep(api: APIRequestContext, mailbox: Mailbox, { withTerms = true, fullName = 'Ravi Kumar' } = {}) {
  const email = `rep${uniq()}@example.com`;
  const before = [...mailbox.to(email)];
  const { registrationToken } = await ok<{ registrationToken: string }>(
    await api.post('/api/medrep/register', {
      data: { fullName, email, phone: phoneNumber(), company: 'Sun Pharma', state: 'Jammu and Kashmir', password: PASSWORD, confirmPassword: PASSWORD },
    }),
  );
  const otp = codeIn(await nextMail(mailbox, email, before));
  await ok(await api.post('/api/verify-otp', { data: { email, otp, type: 'medrep', registrationToken } }));
  const { user } = await ok<{ user: { id: number } }>(await api.post('/api/medrep/login', { data: { email, password: PASSWORD } }));
  if (withTerms) await ok(await api.post('/api/accept-terms', { data: { userId: user.id, userType: 'medrep' } }));
  return { email, fullName, id: user.id };
}

/** The same rep with the free trial started (when the terms are accepted), so the booking form shows. */
export async function signInRepWithTrial(api: APIRequestContext, mailbox: Mailbox, opts: { withTerms?: boolean; fullName?: string } = {}) {
  const rep = await signInRep(api, mailbox, opts);
  if (opts.withTerms !== false) await ok(await api.post('/api/subscription/activate-free-trial', { data: { medicalRepId: rep.id } }));
  return rep;
}

// --- many reps at once, and the admin (the e-mail dashboard's journeys) ---

export const ADMIN_PASSWORD = 'Admin!Pass123'; // the one e2e/fixtures.ts gives every server

let ipSeq = 0;
/** A new client address for X-Forwarded-For (the server started with TRUST_PROXY): sign-ups in bulk do not share one address's budget. */
const nextIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

/**
 * A rep registered through the API, as a person would: verified unless `pending`, with a free trial when `trial`. The
 * e-mail is made from the name, so names must be unique on the server.
 */
export async function registerRep(api: APIRequestContext, mailbox: Mailbox, fullName: string, o: { trial?: boolean; pending?: boolean } = {}) {
  const email = `${fullName.toLowerCase().replace(/\W+/g, '.')}@example.com`;
  const headers = { 'x-forwarded-for': nextIp() };
  const phone = `9${String(100_000_000 + ipSeq * 7919).slice(-9)}`;
  const { registrationToken } = await ok<{ registrationToken: string }>(
    await api.post('/api/medrep/register', {
      headers,
      data: { fullName, email, phone, company: 'Sun Pharma', state: 'Jammu and Kashmir', password: PASSWORD, confirmPassword: PASSWORD },
    }),
  );
  const otp = codeIn(await mailbox.waitFor(email, () => true, 20_000));
  if (o.pending) return { email, fullName };
  await ok(await api.post('/api/verify-otp', { headers, data: { email, otp, type: 'medrep', registrationToken } }));
  if (o.trial) {
    const { user } = await ok<{ user: { id: number } }>(await api.post('/api/medrep/login', { headers, data: { email, password: PASSWORD } }));
    await ok(await api.post('/api/accept-terms', { headers, data: { userId: user.id, userType: 'medrep' } }));
    await ok(await api.post('/api/subscription/activate-free-trial', { headers, data: { medicalRepId: user.id } }));
  }
  return { email, fullName };
}

/** `count` calls of `make`, `size` at a time. */
export async function inBatches<T>(count: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += size) out.push(...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, k) => make(i + k)))));
  return out;
}

/** Opens /admin on `baseURL` and passes the gate. */
export async function signInAdmin(page: Page, baseURL: string) {
  await page.goto(`${baseURL}/admin`);
  await page.getByLabel('Admin password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

/**
 * The rep's Find a Doctor cascade (spec part 2, 2.1): State, City, Specialty, Doctor, Clinic, on the page shown. The
 * clinics e2e creates are in Srinagar, Jammu and Kashmir, and their doctors in Cardiology unless said otherwise.
 */
export async function chooseDoctorAndClinic(page: Page, o: { doctorLabel: string; clinicName: string; city?: string; specialty?: string }) {
  const city = o.city ?? 'Srinagar';
  await page.getByLabel('State').selectOption('Jammu and Kashmir');
  await page.getByLabel('City').selectOption(city);
  await page.getByLabel('Specialty').selectOption(o.specialty ?? 'Cardiology');
  await page.getByLabel('Select Doctor').selectOption({ label: o.doctorLabel });
  await page.getByLabel('Select Clinic').selectOption({ label: `${o.clinicName} (${city})` });
}

/**
 * Waits until React has taken over an element of a pre-rendered page (decision 014). Until the page's code has
 * hydrated it, a tap on the page's HTML does nothing; on a loaded machine a test can tap that soon.
 */
export async function hydrated(target: Locator, message?: string) {
  await expect.poll(() => target.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber'))), { message }).toBe(true);
}
