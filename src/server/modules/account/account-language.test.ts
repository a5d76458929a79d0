import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { admins, clinicUsers, medicalReps } from '../../db/schema';
import { i18nFor } from '../../i18n';
import { createClinic, createRep, sessionCookie, TEST_PASSWORD } from '../../test/factories';
import { describeEachDatabase } from '../../test/harness';

// PUT /api/account/language (docs/decisions/045): a signed-in rep, clinic or admin saves its language; its answers,
// e-mails and reminders then come in it, and its next sign-in says which it is.

// The catalogues are the translators'; these words are the test's own.
i18nFor('hi').load('hi', { 'Language saved': 'भाषा सहेज ली गई', 'Please log in to continue.': 'जारी रखने के लिए कृपया लॉग इन करें।' });

describeEachDatabase(
  'the account language',
  (ctx) => {
    const put = (payload: unknown, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'PUT', url: '/api/account/language', payload: payload as object, headers });

    it("saves a rep's language, answers in it, and later answers follow it", async () => {
      const rep = await createRep(ctx.app.db);
      const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
      // The session is read (and cached) before the change: the change must reach it.
      expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);

      const res = await put({ language: 'hi' }, { cookie, 'accept-language': 'en' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'भाषा सहेज ली गई', language: 'hi' });
      expect(res.headers['content-language']).toBe('hi');
      const [row] = await ctx.app.db.select({ language: medicalReps.language }).from(medicalReps).where(eq(medicalReps.id, rep.id));
      expect(row?.language).toBe('hi');

      const back = await put({ language: 'en' }, { cookie, 'accept-language': 'hi' });
      expect(back.json()).toEqual({ message: 'Language saved', language: 'en' });
    });

    it("saves a clinic's and a named admin's language", async () => {
      const clinic = await createClinic(ctx.app.db);
      const clinicCookie = await sessionCookie(ctx.app, 'clinic', clinic.id);
      expect((await put({ language: 'ur' }, { cookie: clinicCookie })).json()).toMatchObject({ language: 'ur' });
      const [c] = await ctx.app.db.select({ language: clinicUsers.language }).from(clinicUsers).where(eq(clinicUsers.id, clinic.id));
      expect(c?.language).toBe('ur');

      const [admin] = await ctx.app.db
        .insert(admins)
        .values({ name: 'Staff Admin', email: `staff-${clinic.id}@example.com`, role: 'staff', active: true })
        .returning();
      const adminCookie = await sessionCookie(ctx.app, 'admin', admin!.id);
      const res = await put({ language: 'hi' }, { cookie: adminCookie });
      expect(res.statusCode).toBe(200);
      const [a] = await ctx.app.db.select({ language: admins.language }).from(admins).where(eq(admins.id, admin!.id));
      expect(a?.language).toBe('hi');
    });

    it('refuses a language it does not speak with a clear message and a code', async () => {
      const rep = await createRep(ctx.app.db);
      const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
      for (const payload of [{ language: 'fr' }, { language: 'HI' }, {}, { language: 3 }]) {
        const res = await put(payload, { cookie });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: 'Please choose English, Hindi or Urdu.', code: 'validation_error', field: 'language' });
      }
      const [row] = await ctx.app.db.select({ language: medicalReps.language }).from(medicalReps).where(eq(medicalReps.id, rep.id));
      expect(row?.language).toBeNull();
    });

    it('answers 401 without a session, in the browser language', async () => {
      const res = await put({ language: 'hi' }, { 'accept-language': 'hi' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'जारी रखने के लिए कृपया लॉग इन करें।', code: 'unauthorized' });
    });

    it('tells the saved language in the login answers (null until one is chosen)', async () => {
      const rep = await createRep(ctx.app.db);
      const login = () => ctx.app.inject({ method: 'POST', url: '/api/medrep/login', payload: { email: rep.email, password: TEST_PASSWORD } });
      expect((await login()).json()).toMatchObject({ message: 'Login successful', language: null });
      await ctx.app.db.update(medicalReps).set({ language: 'ur' }).where(eq(medicalReps.id, rep.id));
      expect((await login()).json()).toMatchObject({ language: 'ur' });

      const clinic = await createClinic(ctx.app.db, { language: 'hi' });
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: clinic.email, password: TEST_PASSWORD } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ language: 'hi' });
      expect(res.headers['content-language']).toBe('hi');

      const admin = await ctx.app.inject({ method: 'POST', url: '/api/admin/authenticate', payload: { password: 'Admin!Pass123' } });
      expect(admin.statusCode).toBe(200);
      expect(admin.json()).toEqual({ message: 'Admin authenticated', language: null });
    });
  },
  { env: { ADMIN_PASSWORD: 'Admin!Pass123' } },
);
