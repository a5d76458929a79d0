import type { APIRequestContext } from '@playwright/test';
import { codeIn } from '../src/server/test/mailbox';
import { expect, screenshotBoth, test } from './fixtures';

// docs/decisions/027-directory-partitions.md: a city's doctors of one specialty come a page (50) at a time; past
// one page the rep's Select Doctor gets a name search above it and a 'Show more doctors' button below it.

const PASSWORD = 'Journey!Pass1';
const uniq = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const phoneNumber = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
const FIRST = ['Anil', 'Bhavna', 'Chetan', 'Deepa', 'Esha', 'Farhan', 'Gita', 'Harsh', 'Isha', 'Jatin', 'Kavya', 'Lata'];
const LAST = ['Sharma', 'Kaul', 'Mir', 'Rao', 'Iyer'];

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.ok(), `${res.url()} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

async function verifiedAccount(
  api: APIRequestContext,
  mailbox: import('../src/server/test/mailbox').Mailbox,
  kind: 'clinic' | 'medrep',
  email: string,
  registrationToken: string,
) {
  const otp = codeIn(await mailbox.waitFor(email, () => true, 10_000));
  await ok(await api.post('/api/verify-otp', { data: { email, otp, type: kind, registrationToken } }));
}

test('a long list of doctors is searched by name and paged', async ({ page, browser, baseURL, mailbox }) => {
  test.setTimeout(180_000);
  const clinic = await browser.newContext({ baseURL });
  const api = clinic.request;
  const email = `clinic${uniq()}@example.com`;
  const clinicName = `Long List Clinic ${uniq().slice(-4)}`;
  const { registrationToken } = await ok<{ registrationToken: string }>(
    await api.post('/api/clinic/register', {
      data: { clinicName, contactPerson: 'Meera Shah', state: 'Jammu and Kashmir', city: 'Baramulla', email, contactNumber: phoneNumber(), password: PASSWORD },
    }),
  );
  await verifiedAccount(api, mailbox, 'clinic', email, registrationToken);
  const { user } = await ok<{ user: { id: number } }>(await api.post('/api/auth/login', { data: { email, password: PASSWORD } }));
  await ok(await api.post('/api/accept-terms', { data: { userId: user.id, userType: 'clinic' } }));
  const names = FIRST.flatMap((f) => LAST.map((l) => `${f} ${l}`));
  for (const name of names) {
    await ok(await api.post('/api/clinic/doctors', { data: { clinicId: user.id, name, specialty: 'Neurology' } }));
  }
  await clinic.close();

  const repEmail = `rep${uniq()}@example.com`;
  const repRegistration = await ok<{ registrationToken: string }>(
    await page.request.post('/api/medrep/register', {
      data: {
        fullName: 'Ravi Kumar',
        email: repEmail,
        phone: phoneNumber(),
        company: 'Cipla',
        state: 'Jammu and Kashmir',
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
    }),
  );
  await verifiedAccount(page.request, mailbox, 'medrep', repEmail, repRegistration.registrationToken);
  const { user: rep } = await ok<{ user: { id: number } }>(await page.request.post('/api/medrep/login', { data: { email: repEmail, password: PASSWORD } }));
  await ok(await page.request.post('/api/accept-terms', { data: { userId: rep.id, userType: 'medrep' } }));
  await ok(await page.request.post('/api/subscription/activate-free-trial', { data: { medicalRepId: rep.id } }));

  await page.goto('/medrep-dashboard');
  await page.getByLabel('State').selectOption('Jammu and Kashmir');
  await page.getByLabel('City').selectOption('Baramulla');
  await page.getByLabel('Specialty').selectOption('Neurology');

  // 60 doctors: the first 50 by name, a search box and a button for the rest.
  const doctor = page.getByLabel('Select Doctor');
  const search = page.getByLabel('Search doctors by name');
  await expect(search).toBeVisible();
  await expect(doctor.locator('option')).toHaveCount(51);
  await expect(page.getByText('Showing the first 50 doctors by name. Search or show more.')).toBeVisible();
  await screenshotBoth(page, 'rep-doctor-search-long');
  await page.getByRole('button', { name: 'Show more doctors' }).click();
  await expect(doctor.locator('option')).toHaveCount(61);
  await expect(page.getByRole('button', { name: 'Show more doctors' })).toBeHidden();

  // The search narrows the select to the matches, in any case; the choice survives clearing the search.
  await search.fill('sharma');
  await expect(page.getByText('12 doctors match "sharma".')).toBeVisible();
  await expect(doctor.locator('option')).toHaveCount(13);
  await screenshotBoth(page, 'rep-doctor-search-matches');
  await doctor.selectOption({ label: 'Dr. Lata Sharma' });
  await search.fill('');
  await expect(doctor).toHaveValue(/\d+/);
  await page.getByLabel('Select Clinic').selectOption({ label: `${clinicName} (Baramulla)` });
  await expect(page.getByRole('heading', { name: "Dr. Lata Sharma's Availability" })).toBeVisible();

  await search.fill('nobody');
  await expect(doctor.locator('option').first()).toHaveText('No doctors match your search');
});
