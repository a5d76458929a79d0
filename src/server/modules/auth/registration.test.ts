import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { clinicUsers, medicalReps, pendingClinicUsers, pendingMedicalReps, securityEvents } from '../../db/schema';
import { createClinic, createRep } from '../../test/factories';
import { describeEachDatabase, deliverOutbox } from '../../test/harness';
import { codeIn, linkIn } from '../../test/mailbox';
import { i18nFor } from '../../i18n';
import { LIMITS } from './auth.limits';
import { clinicPayload, post, registerAndReadCode, repPayload, TestBrowser, waitUntilCodesSent, wrongCode } from './auth.test-support';

describeEachDatabase('accounts: registration and e-mail verification', (ctx) => {
  it('registers a clinic, e-mails a 6-digit code, and the code makes the account real', async () => {
    const payload = clinicPayload({ email: `Mixed-${Date.now()}@Example.com` });
    const res = await post(ctx.app, '/api/clinic/register', payload);
    expect(res.statusCode).toBe(201);
    const email = payload.email.toLowerCase();
    expect(res.json()).toEqual({
      message: 'Registration successful. Please check your email for the 6-digit verification code.',
      email,
      registrationToken: expect.stringMatching(/^[\w-]{43}$/),
    });

    const mail = await ctx.mailbox.waitFor(email);
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);
    expect(linkIn(mail, '/verify-email').searchParams.get('type')).toBe('clinic');
    // Only hashes are stored.
    const [pending] = await ctx.app.db.select().from(pendingClinicUsers).where(eq(pendingClinicUsers.email, email));
    expect(pending!.verificationOtp).not.toContain(code);
    expect(pending!.password).toMatch(/^\$argon2id\$/);
    expect(res.body).not.toContain(code);

    const verified = await post(ctx.app, '/api/verify-otp', { email, otp: code, type: 'clinic' });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: 'Email verified successfully. Your account is ready.' });
    const [clinic] = await ctx.app.db.select().from(clinicUsers).where(eq(clinicUsers.email, email));
    expect(clinic).toMatchObject({ clinicName: 'Dal Lake Clinic', emailVerified: true, termsAccepted: false, deviceFingerprint: 'fp_test' });
    expect(await ctx.app.db.select().from(pendingClinicUsers).where(eq(pendingClinicUsers.email, email))).toHaveLength(0);

    // Verifying again says so kindly.
    const again = await post(ctx.app, '/api/verify-otp', { email, otp: code, type: 'clinic' });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Email already verified. Your account is ready.');
  });

  it('registers a rep and verifies through the e-mailed link', async () => {
    const payload = repPayload({ confirmPassword: 'ignored' });
    const res = await post(ctx.app, '/api/medrep/register', payload);
    expect(res.statusCode).toBe(201);
    const mail = await ctx.mailbox.waitFor(payload.email);
    const link = linkIn(mail, '/verify-email');
    expect(link.origin).toBe('http://localhost:5000');
    expect(link.searchParams.get('type')).toBe('medrep');
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(43);

    // The link page asks for the password (decision 030): without one the link is not used up.
    const bare = await post(ctx.app, '/api/verify-email', { token, type: 'medrep' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe('Password is required');
    const weak = await post(ctx.app, '/api/verify-email', { token, type: 'medrep', password: 'short' });
    expect(weak.json().message).toBe('Password must be at least 8 characters');

    const chosen = 'Linked#Pass2';
    const verified = await post(ctx.app, '/api/verify-email', { token, type: 'medrep', password: chosen });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe('Email verified successfully. Your account is ready.');
    const [rep] = await ctx.app.db.select().from(medicalReps).where(eq(medicalReps.email, payload.email));
    expect(rep).toMatchObject({ fullName: 'Ravi Sharma', phone: `+91${payload.phone}`, emailVerified: true, subscriptionStatus: 'inactive' });
    // The password chosen on the link page is the account's; the one typed at registration is not.
    expect((await post(ctx.app, '/api/medrep/login', { email: payload.email, password: chosen })).statusCode).toBe(200);
    expect((await post(ctx.app, '/api/medrep/login', { email: payload.email, password: payload.password })).statusCode).toBe(401);

    // Opened again: already verified is success (spec part 2, 4; docs/decisions/036), and the password stays.
    const reused = await post(ctx.app, '/api/verify-email', { token, type: 'medrep', password: 'Another#Pass3' });
    expect(reused.statusCode).toBe(200);
    expect(reused.json().message).toBe('Email already verified. Your account is ready.');
    expect((await post(ctx.app, '/api/medrep/login', { email: payload.email, password: 'Another#Pass3' })).statusCode).toBe(401);
    const forged = await post(ctx.app, '/api/verify-email', { token: 'x'.repeat(43), type: 'clinic', password: chosen });
    expect(forged.statusCode).toBe(400);
  });

  it('refuses a code after 15 minutes', async () => {
    const payload = repPayload();
    const code = await registerAndReadCode(ctx.app, ctx.mailbox, 'medrep', payload);
    ctx.clock.advanceMinutes(15);
    try {
      const res = await post(ctx.app, '/api/verify-otp', { email: payload.email, otp: code, type: 'medrep' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Verification code has expired. Please request a new code.');
    } finally {
      ctx.clock.advanceMinutes(-15);
    }
    ctx.clock.advanceMinutes(14);
    const ok = await post(ctx.app, '/api/verify-otp', { email: payload.email, otp: code, type: 'medrep' });
    ctx.clock.advanceMinutes(-14);
    expect(ok.statusCode).toBe(200);
  });

  it('counts wrong codes, and after the third the code is dead even when right', async () => {
    const payload = clinicPayload();
    const code = await registerAndReadCode(ctx.app, ctx.mailbox, 'clinic', payload);
    const wrong = wrongCode(code);
    const first = await post(ctx.app, '/api/verify-otp', { email: payload.email, otp: wrong, type: 'clinic' });
    expect(first.statusCode).toBe(400);
    expect(first.json().message).toBe('Invalid verification code. You have 2 attempts left.');
    const second = await post(ctx.app, '/api/verify-otp', { email: payload.email, otp: wrong, type: 'clinic' });
    expect(second.json().message).toBe('Invalid verification code. You have 1 attempt left.');
    const third = await post(ctx.app, '/api/verify-otp', { email: payload.email, otp: wrong, type: 'clinic' });
    expect(third.statusCode).toBe(400);
    expect(third.json().message).toBe('Too many incorrect attempts. Please request a new code.');
    const right = await post(ctx.app, '/api/verify-otp', { email: payload.email, otp: code, type: 'clinic' });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Too many incorrect attempts. Please request a new code.');
    expect(await ctx.app.db.select().from(clinicUsers).where(eq(clinicUsers.email, payload.email))).toHaveLength(0);

    const events = await ctx.app.db
      .select({ type: securityEvents.eventType })
      .from(securityEvents)
      .where(sql`${securityEvents.details}->>'email' = ${payload.email}`);
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['verification_code_failed', 'verification_lockout', 'verification_code_locked']));

    // Only a new code (resend) can verify: attempts start again.
    ctx.clock.advanceMinutes(1);
    const resend = await post(ctx.app, '/api/resend-verification', { email: payload.email, type: 'clinic' });
    expect(resend.statusCode).toBe(200);
    expect(resend.json().message).toBe('A new verification code has been sent to your email.');
    const fresh = codeIn(await ctx.mailbox.waitFor(payload.email, (m) => codeIn(m) !== code || ctx.mailbox.to(payload.email).length > 1));
    const old = await post(ctx.app, '/api/verify-otp', { email: payload.email, otp: code, type: 'clinic' });
    if (fresh !== code) expect(old.statusCode).toBe(400);
    const ok = await post(ctx.app, '/api/verify-otp', { email: payload.email, otp: fresh, type: 'clinic' });
    expect(ok.statusCode).toBe(200);
  });

  it('counts 20 simultaneous wrong guesses as 20 and lets none through', async () => {
    const payload = repPayload();
    const code = await registerAndReadCode(ctx.app, ctx.mailbox, 'medrep', payload);
    const guesses = Array.from({ length: 20 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(
      guesses.map((otp) => post(ctx.app, '/api/verify-otp', { email: payload.email, otp, type: 'medrep' }, { ip: '10.9.9.9' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(400));
    const [pending] = await ctx.app.db.select().from(pendingMedicalReps).where(eq(pendingMedicalReps.email, payload.email));
    expect(pending!.otpAttempts).toBe(20);
    const messages = answers.map((a) => a.json().message as string);
    expect(messages.filter((m) => m.startsWith('Invalid verification code.'))).toHaveLength(2);
    expect(messages.filter((m) => m === 'Too many incorrect attempts. Please request a new code.')).toHaveLength(18);
    const right = await post(ctx.app, '/api/verify-otp', { email: payload.email, otp: code, type: 'medrep' });
    expect(right.statusCode).toBe(400);
  });

  it('answers availability for e-mails and phones of verified and pending accounts of both kinds', async () => {
    const clinic = await createClinic(ctx.app.db);
    const rep = await createRep(ctx.app.db);
    const pending = repPayload();
    await registerAndReadCode(ctx.app, ctx.mailbox, 'medrep', pending);
    const check = (field: string, value: string) => post(ctx.app, '/api/check-availability', { field, value });

    for (const [field, value] of [
      ['email', clinic.email.toUpperCase()],
      ['email', rep.email],
      ['phone', clinic.contactNumber],
      ['phone', rep.phone],
      ['phone', pending.phone],
    ] as const) {
      const res = await check(field, value);
      expect(res.json(), `${field} ${value}`).toEqual({ available: false, message: 'Already in use' });
    }
    // A pending e-mail may register again: it is said to wait for its code (docs/decisions/036).
    expect((await check('email', pending.email)).json()).toEqual({ available: true, message: 'Waiting for verification', pending: 'medrep' });
    expect((await check('email', 'nobody-here@example.com')).json()).toEqual({ available: true, message: 'Valid & available' });
    expect((await check('phone', '9000000001')).json()).toEqual({ available: true, message: 'Valid & available' });
    const bad = await check('username', 'x');
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a taken e-mail or phone with the spec messages, and lets a pending e-mail register again', async () => {
    const clinic = await createClinic(ctx.app.db);
    const takenEmail = await post(ctx.app, '/api/medrep/register', repPayload({ email: clinic.email.toUpperCase() }));
    expect(takenEmail.statusCode).toBe(409);
    expect(takenEmail.json().message).toBe('Email address is already in use. Please use a different email.');
    const takenPhone = await post(ctx.app, '/api/clinic/register', clinicPayload({ contactNumber: clinic.contactNumber }));
    expect(takenPhone.statusCode).toBe(409);
    expect(takenPhone.json().message).toBe('Phone number is already in use. Please use a different number.');

    // A pending registration holds its phone against other e-mails...
    const first = repPayload();
    const firstCode = await registerAndReadCode(ctx.app, ctx.mailbox, 'medrep', first);
    const other = await post(ctx.app, '/api/medrep/register', repPayload({ phone: first.phone }));
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('Phone number is already in use. Please use a different number.');
    // ...but the same e-mail may register again while unverified; the new code replaces the old one.
    const again = repPayload({ email: first.email, company: 'Cipla' });
    const secondCode = await registerAndReadCode(ctx.app, ctx.mailbox, 'medrep', again);
    if (secondCode !== firstCode) {
      const stale = await post(ctx.app, '/api/verify-otp', { email: first.email, otp: firstCode, type: 'medrep' });
      expect(stale.statusCode).toBe(400);
    }
    const ok = await post(ctx.app, '/api/verify-otp', { email: first.email, otp: secondCode, type: 'medrep' });
    expect(ok.statusCode).toBe(200);
    const [rep] = await ctx.app.db.select().from(medicalReps).where(eq(medicalReps.email, first.email));
    expect(rep!.company).toBe('Cipla');
  });

  it('validates the payloads with the spec messages and the password policy', async () => {
    const weak = await post(ctx.app, '/api/clinic/register', clinicPayload({ password: 'alllowercase1!' }));
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Password must contain at least one uppercase letter');
    const shortName = await post(ctx.app, '/api/clinic/register', clinicPayload({ clinicName: 'ab' }));
    expect(shortName.json().message).toBe('Clinic name must be at least 3 characters');
    const shortPhone = await post(ctx.app, '/api/medrep/register', repPayload({ phone: '12345' }));
    expect(shortPhone.json().message).toBe('Phone number must be at least 10 digits');
    const badOtp = await post(ctx.app, '/api/verify-otp', { email: 'a@example.com', otp: '12ab56', type: 'medrep' });
    expect(badOtp.statusCode).toBe(400);
  });

  it('answers a resend the same for a verified, an unknown and a pending address; only the pending one gets a code', async () => {
    const verified = await createRep(ctx.database.db);
    const payload = repPayload();
    const first = await registerAndReadCode(ctx.app, ctx.mailbox, 'medrep', payload);
    await deliverOutbox(ctx);
    ctx.clock.advanceMinutes(1);
    const answers = [];
    for (const email of [verified.email, 'nobody-at-all@example.com', payload.email]) {
      answers.push(await post(ctx.app, '/api/resend-verification', { email, type: 'medrep' }));
    }
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(a.json()).toEqual({ message: 'A new verification code has been sent to your email.' });
    }
    await deliverOutbox(ctx);
    await ctx.mailbox.waitFor(payload.email, () => ctx.mailbox.to(payload.email).length > 1);
    expect(codeIn(ctx.mailbox.to(payload.email).at(-1)!)).not.toBe(first);
    expect(ctx.mailbox.to(verified.email)).toEqual([]);
  });

  it('resends at most once a minute per e-mail, telling the pending address how long to wait, with Retry-After', async () => {
    const payload = clinicPayload();
    await registerAndReadCode(ctx.app, ctx.mailbox, 'clinic', payload);
    await deliverOutbox(ctx);
    const soon = await post(ctx.app, '/api/resend-verification', { email: payload.email, type: 'clinic' });
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    expect(soon.json().message).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/);
    await deliverOutbox(ctx);
    expect(ctx.mailbox.to(payload.email)).toHaveLength(1);
    ctx.clock.advanceMinutes(1);
    const later = await post(ctx.app, '/api/resend-verification', { email: payload.email, type: 'clinic' });
    expect(later.statusCode).toBe(200);
    await deliverOutbox(ctx);
    await ctx.mailbox.waitFor(payload.email, () => ctx.mailbox.to(payload.email).length > 1);
    expect(ctx.mailbox.to(payload.email)).toHaveLength(2);
  });

  it('limits resends per client address, which a forged X-Forwarded-For does not change', async () => {
    const ip = '10.77.0.1';
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.resend.ip.max; i++) {
      const headers = { 'x-forwarded-for': `203.0.113.${i + 1}` }; // ignored: TRUST_PROXY is not set
      const res = await post(ctx.app, '/api/resend-verification', { email: `nobody-${i}@example.com`, type: 'medrep' }, { ip, headers });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.headers['retry-after']).toBeDefined();
        expect(res.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
      }
    }
    expect(statuses).toEqual([...Array(LIMITS.resend.ip.max).fill(200), 429]);
  });

  it('never puts a code, token or hash in a response body', async () => {
    const payload = repPayload();
    const res = await post(ctx.app, '/api/medrep/register', payload);
    const mail = await ctx.mailbox.waitFor(payload.email);
    const code = codeIn(mail);
    const token = linkIn(mail, '/verify-email').searchParams.get('token')!;
    const [pending] = await ctx.app.db.select().from(pendingMedicalReps).where(eq(pendingMedicalReps.email, payload.email));
    const bodies = [
      res.body,
      (await post(ctx.app, '/api/verify-otp', { email: payload.email, otp: wrongCode(code), type: 'medrep' })).body,
      (await post(ctx.app, '/api/check-availability', { field: 'email', value: payload.email })).body,
      (await post(ctx.app, '/api/verify-otp', { email: payload.email, otp: code, type: 'medrep' })).body,
    ];
    for (const body of bodies) {
      for (const secret of [code, token, pending!.verificationOtp, pending!.verifyTokenHash!, pending!.registrationTokenHash!, pending!.password]) {
        expect(body).not.toContain(secret);
      }
    }
  });

  it('greets without the typed name until the address is verified, in every language (no relay for what a stranger types)', async () => {
    const advert = 'Cheap loans at https://spam.example call 9999999999 '.repeat(4).slice(0, 200);
    for (const [kind, locale, hello] of [
      ['medrep', 'en', 'Hello,'],
      ['clinic', 'hi', i18nFor('hi')._('Hello,')],
      ['medrep', 'ur', i18nFor('ur')._('Hello,')],
    ] as const) {
      if (locale !== 'en') expect(hello).not.toBe('Hello,');
      const payload = kind === 'medrep' ? repPayload({ fullName: advert }) : clinicPayload({ contactPerson: advert, clinicName: advert });
      const res = await post(ctx.app, `/api/${kind}/register`, payload, { headers: { 'accept-language': locale } });
      expect(res.statusCode, res.body).toBe(201);
      const mail = await ctx.mailbox.waitFor(payload.email);
      expect(mail.text.split('\n')[0]).toBe(hello);
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toContain('spam.example');
        expect(part).not.toContain('9999999999');
      }
      // The resend greets the same way.
      await waitUntilCodesSent(ctx.app, payload.email);
      ctx.clock.advance(61_000);
      const resend = await post(ctx.app, '/api/resend-verification', { email: payload.email, type: kind }, { headers: { 'accept-language': locale } });
      expect(resend.statusCode, resend.body).toBe(200);
      const resent = await ctx.mailbox.waitFor(payload.email, (m) => codeIn(m) !== codeIn(mail));
      expect(resent.text).not.toContain('spam.example');
      expect(resent.text.split('\n')[0]).toBe(hello);
    }
  });

  it('finishes, through the e-mailed link, the registration whose mail it was, when a second registrant took the address after', async () => {
    const owner = repPayload({ fullName: 'Ravi Sharma', company: 'Sun Pharma' });
    await post(ctx.app, '/api/medrep/register', owner);
    const ownerMail = await ctx.mailbox.waitFor(owner.email);
    const ownerToken = linkIn(ownerMail, '/verify-email').searchParams.get('token')!;
    await waitUntilCodesSent(ctx.app, owner.email);
    // Someone else registers the same pending address with their own name, company and phone.
    const stranger = repPayload({ email: owner.email, fullName: 'Mallory Impostor', company: 'Fake Pharma' });
    const second = await post(ctx.app, '/api/medrep/register', stranger, { browser: new TestBrowser() });
    expect(second.statusCode).toBe(201);
    await ctx.mailbox.waitFor(owner.email, (m) => codeIn(m) !== codeIn(ownerMail));

    const chosen = 'Owner#Pass42';
    const verified = await post(ctx.app, '/api/verify-email', { token: ownerToken, type: 'medrep', password: chosen });
    expect(verified.statusCode, verified.body).toBe(200);
    const [rep] = await ctx.app.db.select().from(medicalReps).where(eq(medicalReps.email, owner.email));
    expect(rep).toMatchObject({ fullName: 'Ravi Sharma', company: 'Sun Pharma', phone: `+91${owner.phone}` });
    expect((await post(ctx.app, '/api/medrep/login', { email: owner.email, password: chosen })).statusCode).toBe(200);
    // The address is verified: the second registration is gone with it.
    expect(await ctx.app.db.select().from(pendingMedicalReps).where(eq(pendingMedicalReps.email, owner.email))).toHaveLength(0);
  });
});
