import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { medicalReps } from '../../db/schema';
import { createClinic, createRep, sessionCookie, TEST_PASSWORD } from '../../test/factories';
import { describeEachDatabase } from '../../test/harness';
import { codeIn } from '../../test/mailbox';
import { clinicPayload, post, registerAndReadCode, repPayload } from './auth.test-support';

// One phone number, however it is written, is one number (docs/decisions/032): registration of both kinds, the
// availability check and the profile's phone change compare the canonical form (+91 and 10 digits).

describeEachDatabase('phone numbers compared as numbers', (ctx) => {
  it('stores a registered number in its canonical form', async () => {
    const payload = repPayload({ phone: '+91 98765-43210' });
    const code = await registerAndReadCode(ctx.app, ctx.mailbox, 'medrep', payload);
    expect((await post(ctx.app, '/api/verify-otp', { email: payload.email, otp: code, type: 'medrep' })).statusCode).toBe(200);
    const [rep] = await ctx.app.db.select().from(medicalReps).where(eq(medicalReps.email, payload.email));
    expect(rep!.phone).toBe('+919876543210');
  });

  it('finds 9906001202 taken whether asked as +91 99060 01202, 099060-01202 or 91 9906001202', async () => {
    const rep = await createRep(ctx.app.db, { phone: '+919906001202' });
    const clinic = await createClinic(ctx.app.db, { contactNumber: '+919906001299' });
    const check = (value: string) => post(ctx.app, '/api/check-availability', { field: 'phone', value });
    for (const value of ['9906001202', '+91 99060 01202', '099060-01202', '91 9906001202', '(+91) 99060 01299']) {
      expect((await check(value)).json(), value).toEqual({ available: false, message: 'Already in use' });
    }
    expect((await check('+91 99060 01203')).json()).toEqual({ available: true, message: 'Valid & available' });

    for (const [url, payload] of [
      ['/api/medrep/register', repPayload({ phone: '+91 99060 01202' })],
      ['/api/medrep/register', repPayload({ phone: '099060 01299' })],
      ['/api/clinic/register', clinicPayload({ contactNumber: '+91-99060-01202' })],
      ['/api/clinic/register', clinicPayload({ contactNumber: '9906001299' })],
    ] as const) {
      const res = await post(ctx.app, url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(409);
      expect(res.json()).toMatchObject({ code: 'phone_taken', message: 'Phone number is already in use. Please use a different number.' });
    }
    expect(rep.id).toBeGreaterThan(0);
    expect(clinic.id).toBeGreaterThan(0);
  });

  it("refuses a rep's new phone that another account holds in another spelling, and stores a free one canonical", async () => {
    await createRep(ctx.app.db, { phone: '+919906001302' });
    const rep = await createRep(ctx.app.db);
    const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
    const send = (newValue: string) =>
      post(ctx.app, '/api/medrep/send-update-otp', { userId: rep.id, updateType: 'phone', newValue, currentPassword: TEST_PASSWORD }, { cookie });
    const taken = await send('+91 99060 01302');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This phone number is already in use');

    expect((await send('099060 01303')).statusCode).toBe(200);
    const otp = codeIn(await ctx.mailbox.waitFor(rep.email, (m) => /\b\d{6}\b/.test(m.text)));
    const verified = await post(ctx.app, '/api/medrep/verify-update-otp', { userId: rep.id, updateType: 'phone', otp }, { cookie });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.phone).toBe('+919906001303');
  });
});
