import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { adminAuditLog, companyAccounts, pendingCompanyAccounts } from '../../db/schema';
import { createCompany, createRep, sessionCookie, TEST_PASSWORD } from '../../test/factories';
import { describeEachDatabase } from '../../test/harness';
import { codeIn, linkIn } from '../../test/mailbox';
import { companyPayload, get, PASSWORD, post, registerAndReadCode, sessionCookieOf, wrongCode } from '../auth/auth.test-support';
import { ADMIN_ENV, adminCookie, call } from '../admin/admin-test-support';

// A pharma company's account (docs/decisions/087-company-accounts.md): registered with the e-mailed code as clinics and
// reps are, signed in, its own profile, its password reset, and an admin's verification in the audit trail.

const NEW_PASSWORD = 'Brand!New2pass';

describeEachDatabase(
  'company accounts',
  (ctx) => {
    /** Registers a company through the API, verifies its code and signs it in; answers its e-mail and session. */
    async function registerVerifyAndLogIn(o: Record<string, unknown> = {}) {
      const payload = companyPayload(o);
      const code = await registerAndReadCode(ctx.app, ctx.mailbox, 'company', payload);
      const verified = await post(ctx.app, '/api/verify-otp', { email: payload.email, otp: code, type: 'company' });
      expect(verified.statusCode, verified.body).toBe(200);
      const login = await post(ctx.app, '/api/company/login', { email: payload.email, password: PASSWORD });
      expect(login.statusCode, login.body).toBe(200);
      return { payload, cookie: sessionCookieOf(login), login };
    }

    it('registers a company, e-mails a code that makes the account, signs it in and answers its profile', async () => {
      const payload = companyPayload({ email: `Pharma-${Date.now()}@Example.com`, gstin: ' 27aapfu0939f1zv ' });
      const res = await post(ctx.app, '/api/company/register', payload);
      expect(res.statusCode, res.body).toBe(201);
      const email = payload.email.toLowerCase();
      expect(res.json()).toEqual({
        message: 'Registration successful. Please check your email for the 6-digit verification code.',
        email,
        registrationToken: expect.stringMatching(/^[\w-]{43}$/),
      });
      const mail = await ctx.mailbox.waitFor(email);
      const code = codeIn(mail);
      expect(linkIn(mail, '/verify-email').searchParams.get('type')).toBe('company');
      // Only hashes are kept: the code's HMAC and the password's argon2id.
      const [pending] = await ctx.app.db.select().from(pendingCompanyAccounts).where(eq(pendingCompanyAccounts.email, email));
      expect(pending!.verificationOtp).not.toContain(code);
      expect(pending!.password).toMatch(/^\$argon2id\$/);
      expect(res.body).not.toContain(code);

      // A wrong code counts an attempt and says so; the right one makes the account.
      const wrong = await post(ctx.app, '/api/verify-otp', { email, otp: wrongCode(code), type: 'company' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'code_invalid' });
      const verified = await post(ctx.app, '/api/verify-otp', { email, otp: code, type: 'company' });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json()).toEqual({ message: 'Email verified successfully. Your account is ready.' });
      const [company] = await ctx.app.db.select().from(companyAccounts).where(eq(companyAccounts.email, email));
      expect(company).toMatchObject({ companyName: 'Sun Pharma Laboratories', gstin: '27AAPFU0939F1ZV', emailVerified: true, verified: false });
      expect(await ctx.app.db.select().from(pendingCompanyAccounts).where(eq(pendingCompanyAccounts.email, email))).toHaveLength(0);

      // A clinic's or rep's login does not open a company's account.
      expect((await post(ctx.app, '/api/medrep/login', { email, password: PASSWORD })).statusCode).toBe(401);
      const login = await post(ctx.app, '/api/company/login', { email: email.toUpperCase(), password: PASSWORD, rememberMe: true });
      expect(login.statusCode, login.body).toBe(200);
      const user = {
        id: company!.id,
        companyName: 'Sun Pharma Laboratories',
        contactName: 'Meera Rao',
        email,
        phone: company!.phone,
        gstin: '27AAPFU0939F1ZV',
        verified: false,
      };
      expect(login.json()).toEqual({ user, termsAccepted: false, message: 'Login successful', language: null });
      const cookie = sessionCookieOf(login);

      // The profile answers before the terms are accepted (the screen asks for them), and says it is not yet verified.
      const me = await get(ctx.app, '/api/company/me', { cookie });
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json()).toEqual({ user, termsAccepted: false });
      expect((await get(ctx.app, '/api/auth/me', { cookie })).json()).toEqual({ userType: 'company', user, termsAccepted: false });

      // The terms, as the other kinds accept them: only the company's own.
      const terms = await post(ctx.app, '/api/accept-terms', { userType: 'company', userId: company!.id }, { cookie });
      expect(terms.statusCode, terms.body).toBe(200);
      const other = await createCompany(ctx.app.db);
      expect((await post(ctx.app, '/api/accept-terms', { userType: 'company', userId: other.id }, { cookie })).statusCode).toBe(403);
      expect((await get(ctx.app, `/api/terms-status/company/${company!.id}`, { cookie })).json()).toEqual({ termsAccepted: true });
      expect((await get(ctx.app, '/api/company/me', { cookie })).json()).toMatchObject({ termsAccepted: true });

      // Signed out, the profile is closed.
      await post(ctx.app, '/api/auth/logout', {}, { cookie });
      expect((await get(ctx.app, '/api/company/me', { cookie })).statusCode).toBe(401);
    });

    it('refuses a GSTIN with a wrong check character or out of shape, and takes none', async () => {
      for (const gstin of ['27AAPFU0939F1ZW', '27AAPFU0939F1Z', '00AAPFU0939F1ZV']) {
        const res = await post(ctx.app, '/api/company/register', companyPayload({ gstin }));
        expect(res.statusCode, gstin).toBe(400);
        expect(res.json()).toEqual({ message: 'Please enter a valid GSTIN.', code: 'validation_error', field: 'gstin' });
      }
      const none = companyPayload({ gstin: undefined });
      const res = await post(ctx.app, '/api/company/register', none);
      expect(res.statusCode, res.body).toBe(201);
      const [pending] = await ctx.app.db.select().from(pendingCompanyAccounts).where(eq(pendingCompanyAccounts.email, none.email));
      expect(pending!.gstin).toBeNull();
    });

    it('refuses an e-mail address or phone number another account holds, of any kind', async () => {
      const rep = await createRep(ctx.app.db);
      const taken = await post(ctx.app, '/api/company/register', companyPayload({ email: rep.email.toUpperCase() }));
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ message: 'Email address is already in use. Please use a different email.', code: 'email_taken' });
      const phone = await post(ctx.app, '/api/company/register', companyPayload({ phone: rep.phone }));
      expect(phone.statusCode).toBe(409);
      expect(phone.json()).toMatchObject({ code: 'phone_taken' });

      const company = await createCompany(ctx.app.db);
      expect((await post(ctx.app, '/api/company/register', companyPayload({ email: company.email }))).json()).toMatchObject({ code: 'email_taken' });
      // Nor may a rep register with a company's address.
      const asRep = await post(ctx.app, '/api/medrep/register', {
        fullName: 'Ravi Sharma',
        email: company.email,
        phone: '9812345670',
        company: 'Sun Pharma',
        state: 'Jammu and Kashmir',
        password: PASSWORD,
      });
      expect(asRep.statusCode).toBe(409);
      expect(asRep.json()).toMatchObject({ code: 'email_taken' });
    });

    it('refuses a wrong password as the other kinds do, and throttles a run of them', async () => {
      const company = await createCompany(ctx.app.db);
      const ip = '10.77.0.1';
      const wrong = await post(ctx.app, '/api/company/login', { email: company.email, password: 'Wrong!Pass1' }, { ip });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ message: 'Invalid email or password', code: 'invalid_credentials' });
      const unknown = await post(ctx.app, '/api/company/login', { email: 'nobody-company@example.com', password: 'Wrong!Pass1' }, { ip });
      expect(unknown.json()).toEqual(wrong.json());
      let last = wrong;
      for (let i = 0; i < 10 && last.statusCode !== 429; i++) {
        last = await post(ctx.app, '/api/company/login', { email: company.email, password: 'Wrong!Pass1' });
      }
      expect(last.statusCode).toBe(429);
      expect(last.json()).toMatchObject({ code: 'rate_limited' });
    });

    it('resets a forgotten password with a one-hour link that ends the old sessions', async () => {
      const { payload, cookie } = await registerVerifyAndLogIn();
      const before = ctx.mailbox.to(payload.email).length;
      const forgot = await post(ctx.app, '/api/company/forgot-password', { email: payload.email });
      expect(forgot.statusCode, forgot.body).toBe(200);
      expect(forgot.json()).toEqual({ message: 'Reset instructions sent!' });
      const mail = await ctx.mailbox.waitFor(payload.email, (m) => /Reset your/.test(m.subject) && ctx.mailbox.to(payload.email).length > before);
      const link = linkIn(mail, '/reset-password');
      expect(link.searchParams.get('type')).toBe('company');
      const token = link.searchParams.get('token')!;
      // A company's link is not a rep's.
      expect((await post(ctx.app, '/api/medrep/reset-password', { token, password: NEW_PASSWORD })).statusCode).toBe(400);
      expect((await post(ctx.app, '/api/company/reset-password/check', { token })).json()).toMatchObject({ status: 'valid' });

      const reset = await post(ctx.app, '/api/company/reset-password', { token, password: NEW_PASSWORD });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json()).toEqual({ message: 'Password reset successful. You can now log in with your new password.' });
      expect((await get(ctx.app, '/api/company/me', { cookie })).statusCode).toBe(401);
      expect((await post(ctx.app, '/api/company/login', { email: payload.email, password: PASSWORD })).statusCode).toBe(401);
      expect((await post(ctx.app, '/api/company/login', { email: payload.email, password: NEW_PASSWORD })).statusCode).toBe(200);
      expect((await post(ctx.app, '/api/company/reset-password', { token, password: 'Another!Pass3' })).statusCode).toBe(400);
      const unknown = await post(ctx.app, '/api/company/forgot-password', { email: 'no-such-company@example.com' });
      expect(unknown.statusCode).toBe(404);
    });

    it('lets an admin verify a company and take it back, each act in the audit trail; nobody else may', async () => {
      const { payload, cookie } = await registerVerifyAndLogIn();
      const [company] = await ctx.app.db.select().from(companyAccounts).where(eq(companyAccounts.email, payload.email));
      const url = `/api/admin/companies/${company!.id}/verification`;

      // The company itself, a rep and nobody are refused, and nothing changes.
      const rep = await sessionCookie(ctx.app, 'medrep', (await createRep(ctx.app.db)).id);
      for (const asWho of [cookie, rep, undefined]) {
        const refused = await call(ctx.app, 'PATCH', url, { cookie: asWho, body: { verified: true } });
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toMatchObject({ message: 'Admin authentication required', code: 'unauthorized' });
      }
      expect((await get(ctx.app, '/api/company/me', { cookie })).json()).toMatchObject({ user: { verified: false } });

      const admin = await adminCookie(ctx.app);
      const bad = await call(ctx.app, 'PATCH', url, { cookie: admin, body: { verified: 'yes' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'validation_error' });
      const missing = await call(ctx.app, 'PATCH', '/api/admin/companies/999999/verification', { cookie: admin, body: { verified: true } });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Company not found', code: 'not_found' });

      const verified = await call(ctx.app, 'PATCH', url, { cookie: admin, body: { verified: true } });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json()).toEqual({ verified: true, message: 'Company marked as verified' });
      expect((await get(ctx.app, '/api/company/me', { cookie })).json()).toMatchObject({ user: { verified: true } });
      const [row] = await ctx.app.db.select().from(companyAccounts).where(eq(companyAccounts.id, company!.id));
      expect(row).toMatchObject({ verified: true, verifiedBy: 0, verifiedAt: ctx.clock.now() });
      // Marked again, nothing more is recorded.
      expect((await call(ctx.app, 'PATCH', url, { cookie: admin, body: { verified: true } })).statusCode).toBe(200);

      const unverified = await call(ctx.app, 'PATCH', url, { cookie: admin, body: { verified: false } });
      expect(unverified.json()).toEqual({ verified: false, message: 'Company no longer marked as verified' });
      expect((await get(ctx.app, '/api/company/me', { cookie })).json()).toMatchObject({ user: { verified: false } });

      const audit = await ctx.app.db
        .select()
        .from(adminAuditLog)
        .where(eq(adminAuditLog.target, `company:${company!.id}`))
        .orderBy(adminAuditLog.id);
      expect(audit.map((a) => ({ action: a.action, adminId: a.adminId, details: a.details }))).toEqual([
        { action: 'company_verified', adminId: 0, details: { verified: true } },
        { action: 'company_unverified', adminId: 0, details: { verified: false } },
      ]);
      // The Audit tab lists the act by its name.
      const listed = await call(ctx.app, 'GET', '/api/admin/audit?limit=5&action=company_verified', { cookie: admin });
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json<{ entries: Array<{ target: string }> }>().entries.map((e) => e.target)).toContain(`company:${company!.id}`);
    });

    it('lists companies among the users, counts them in the stats, and the admin can switch one off', async () => {
      const admin = await adminCookie(ctx.app);
      const statsOf = async () =>
        (await call(ctx.app, 'GET', '/api/admin/stats', { cookie: admin })).json<{ totalCompanies: number; verifiedCompanies: number }>();
      const before = await statsOf();
      const company = await createCompany(ctx.app.db, { gstin: '27AAPFU0939F1ZV' });
      await createCompany(ctx.app.db, { verified: true });
      expect(await statsOf()).toMatchObject({ totalCompanies: before.totalCompanies + 2, verifiedCompanies: before.verifiedCompanies + 1 });

      const list = await call(ctx.app, 'GET', `/api/admin/users?type=company&q=${encodeURIComponent(company.email)}&limit=5`, { cookie: admin });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json()).toMatchObject({
        users: [{ id: company.id, type: 'company', name: company.companyName, email: company.email, verified: false, gstin: '27AAPFU0939F1ZV' }],
        total: { count: 1, exact: true },
      });
      // Every kind together: the companies come after the reps and the clinics.
      const all = await call(ctx.app, 'GET', `/api/admin/users?q=${encodeURIComponent(company.email)}`, { cookie: admin });
      expect(all.json<{ users: Array<{ type: string }> }>().users.map((u) => u.type)).toEqual(['company']);
      const csv = await call(ctx.app, 'GET', `/api/admin/users.csv?type=company&q=${encodeURIComponent(company.email)}`, { cookie: admin });
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain(`Pharma Company,${company.companyName},${company.email}`);

      // Switched off, its session ends and it cannot sign in.
      const cookie = await sessionCookie(ctx.app, 'company', company.id);
      expect((await get(ctx.app, '/api/company/me', { cookie })).statusCode).toBe(200);
      const off = await call(ctx.app, 'PATCH', `/api/admin/users/${company.id}/status`, { cookie: admin, body: { userType: 'company', status: 'inactive' } });
      expect(off.statusCode, off.body).toBe(200);
      expect((await get(ctx.app, '/api/company/me', { cookie })).statusCode).toBe(401);
      const login = await post(ctx.app, '/api/company/login', { email: company.email, password: TEST_PASSWORD });
      expect(login.statusCode).toBe(403);
      expect(login.json()).toMatchObject({ code: 'account_inactive' });
    });
  },
  ADMIN_ENV,
);
