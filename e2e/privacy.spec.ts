import { readFileSync } from 'node:fs';
import { codeIn } from '../src/server/test/mailbox';
import { expect, screenshotBoth, test } from './fixtures';
import { signInRep } from './setup';

// Decision 013: a rep downloads their data and deletes the account with the e-mailed code, from Settings.

test('a rep downloads their data and deletes the account by the e-mailed code', async ({ page, mailbox }) => {
  test.setTimeout(120_000);
  const rep = await signInRep(page.request, mailbox);
  await page.goto('/medrep-dashboard');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
  await screenshotBoth(page, 'privacy-settings-card');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^repvisit-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync(await file.path(), 'utf8'));
  expect(data.profile.email).toBe(rep.email);
  expect(data.terms.accepted).toBe(true);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete my account' });
  await dialog.getByRole('button', { name: 'E-mail me a code' }).click();
  await expect(dialog.getByText('We have e-mailed you a code to confirm the deletion of your account.')).toBeVisible();
  const mail = await mailbox.waitFor(rep.email, (m) => /Confirm the deletion/.test(m.subject), 10_000);
  await dialog.getByLabel('Code from the e-mail').fill(codeIn(mail));
  await screenshotBoth(page, 'privacy-delete-dialog');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
});
