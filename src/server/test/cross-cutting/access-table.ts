import type { InjectOptions } from 'fastify';
import { randomBytes } from 'node:crypto';
import { TEST_PASSWORD } from '../factories';
import { BOOK_DAY, FUTURE_DAY, type ActorName, type AnyActorName, type TeamActorName, type World } from './security-fixtures';

// The access table (spec part 1, 6; part 2, 6; OWASP API1): every API route with the request it gets (aimed at clinic A's and
// rep A's objects) and the answer each actor must get. Used by the access matrix and hostile-input suites.

/**
 * ok: 2xx. unauth: 401. denied: 403 or 404 (another account's object). refused: 401, 403 or 404 (the
 * wrong kind of account). reached: past the guards (not 401/403, not 5xx: the business answer).
 * unauthOrThrottled: 401, or 429 once the per-account attempt budget is spent. roleDenied: 403 forbidden_role
 * (a clinic team member whose role may not; the matrix checks the code too).
 */
export type Outcome = 'ok' | 'unauth' | 'denied' | 'refused' | 'reached' | 'unauthOrThrottled' | 'roleDenied';
/** The six accounts' answers always; a team actor's only where it differs from LIKE's (decision 072). */
type Expect = Record<ActorName, Outcome> & Partial<Record<TeamActorName, Outcome>>;
export interface Row {
  request(w: World): Omit<InjectOptions, 'method' | 'url'> & { url?: string };
  expect: Expect;
  /** A server-sent-event stream (docs/decisions/074-live-queue.md): a 200 text/event-stream is ok, and is closed. */
  stream?: true;
}

export const matches = (o: Outcome, status: number) =>
  o === 'roleDenied'
    ? status === 403
    : o === 'unauthOrThrottled'
      ? status === 401 || status === 429
      : o === 'ok'
        ? status >= 200 && status < 300
        : o === 'unauth'
          ? status === 401
          : o === 'denied'
            ? status === 403 || status === 404
            : o === 'refused'
              ? [401, 403, 404].includes(status)
              : status < 500 && status !== 401 && status !== 403;

const every = (o: Outcome): Expect => ({ nobody: o, repA: o, repB: o, clinicA: o, clinicB: o, admin: o });
/** Rep A's object: only rep A. */
const repOwned = (owner: Outcome = 'ok'): Expect => ({
  nobody: 'unauth',
  repA: owner,
  repB: 'denied',
  clinicA: 'refused',
  clinicB: 'refused',
  admin: 'refused',
});
/** Any signed-in rep (directory data, not owned). */
const anyRep = (o: Outcome = 'ok'): Expect => ({ nobody: 'unauth', repA: o, repB: o, clinicA: 'refused', clinicB: 'refused', admin: 'refused' });
/** Clinic A's object: only clinic A. */
const clinicOwned = (owner: Outcome = 'ok'): Expect => ({
  nobody: 'unauth',
  repA: 'refused',
  repB: 'refused',
  clinicA: owner,
  clinicB: 'denied',
  admin: 'refused',
});
/** The signed-in clinic's own account (no id in the request). */
const anyClinic = (o: Outcome = 'ok'): Expect => ({ nobody: 'unauth', repA: 'refused', repB: 'refused', clinicA: o, clinicB: o, admin: 'refused' });
const adminOnly = (o: Outcome = 'ok'): Expect => ({ nobody: 'unauth', repA: 'refused', repB: 'refused', clinicA: 'refused', clinicB: 'refused', admin: o });
/** The doctor's own console (docs/decisions/073): no session of another kind opens it. */
/** A doctor's own route aimed at clinic A: clinic A's doctor only; the doctor of another clinic is refused (403). */
const doctorOnly: Expect = {
  nobody: 'unauth',
  repA: 'refused',
  repB: 'refused',
  clinicA: 'refused',
  clinicB: 'refused',
  admin: 'refused',
  doctorOfA: 'ok',
  doctorOfB: 'denied',
};
/** Rep A's or clinic A's own account record (terms): only A's own session; a company's is another account (decision 087). */
const accountOwned: Expect = { nobody: 'unauth', repA: 'ok', repB: 'denied', clinicA: 'denied', clinicB: 'denied', admin: 'refused', companyA: 'denied' };
/** A pharma company's own account (docs/decisions/087-company-accounts.md): no session of another kind opens it. */
const companyOnly: Expect = {
  nobody: 'unauth',
  repA: 'refused',
  repB: 'refused',
  clinicA: 'refused',
  clinicB: 'refused',
  admin: 'refused',
  companyA: 'ok',
};

const json = (payload: (w: World) => object) => (w: World) => ({ payload: payload(w) });
let invitees = 0;
/** A link token of its own for each call: the link checks' per-token budget (on PostgreSQL shared by every run) stays unspent. */
const freshToken = () => `x${randomBytes(15).toString('hex')}${'x'.repeat(9)}`;
const none = () => ({});

// The order actors call in: those who must be refused first, the owners and the admin last, so a
// destructive call that succeeds does not change what the others see.
export const ORDER: ActorName[] = ['nobody', 'repB', 'clinicB', 'clinicA', 'repA', 'admin'];

/**
 * The clinic team's actors (docs/decisions/072-clinic-team.md) answer like the account they belong to unless a row
 * says otherwise: clinic A's manager and receptionist like clinic A, clinic B's manager like clinic B, a deactivated
 * member like nobody (its session is over). They call after their clinic's owner (MATRIX_ORDER), so where the owner
 * is 'ok' they must be let past the guards ('reached'): the owner's call may have used the object up already.
 */
/*
 * A doctor's login answers like nobody (401: no clinic, rep or admin route takes its session) but on its own routes; so
 * does a pharma company's (docs/decisions/087-company-accounts.md).
 */
const LIKE: Record<TeamActorName, ActorName> = {
  managerA: 'clinicA',
  receptionA: 'clinicA',
  staffB: 'clinicB',
  deactivatedA: 'nobody',
  doctorOfA: 'nobody',
  doctorOfB: 'nobody',
  companyA: 'nobody',
};
export const MATRIX_ORDER: AnyActorName[] = [
  'nobody',
  'deactivatedA',
  'doctorOfB',
  'repB',
  'clinicB',
  'staffB',
  'clinicA',
  'managerA',
  'receptionA',
  'doctorOfA',
  'companyA',
  'repA',
  'admin',
];

/** What `actor` must get on the row. */
export function expectedOf(row: Row, actor: AnyActorName): Outcome {
  const own = row.expect[actor];
  if (own) return own;
  const like = row.expect[LIKE[actor as TeamActorName]];
  return like === 'ok' && actor !== 'deactivatedA' ? 'reached' : like;
}

/** 403 forbidden_role: the role may not (a team actor's refusal that the matrix checks by its code). */
const byRole = 'roleDenied' as const;
/** Refused for reception (the day is theirs, the clinic's set-up is not). */
const notReception = (e: Expect): Expect => ({ ...e, receptionA: byRole });
/** The owner's alone: managers and reception refused. */
const ownerOnly = (e: Expect): Expect => ({ ...e, managerA: byRole, receptionA: byRole, staffB: byRole });

export const MATRIX: Record<string, Row> = {
  // --- public ---
  'GET /api/health': { request: none, expect: every('ok') },
  'GET /api/health/live': { request: none, expect: every('ok') },
  // The operator's metrics (docs/decisions/059): no session of any role opens them, only METRICS_TOKEN (metrics.test.ts).
  'GET /metrics': { request: none, expect: every('unauth') },
  'GET /api/available-states': { request: none, expect: every('ok') },
  'GET /api/admin/notifications/active': { request: none, expect: every('ok') },
  'POST /api/check-availability': { request: json(() => ({ field: 'email', value: 'nobody-here@example.com' })), expect: every('reached') },
  'POST /api/clinic/register': { request: json(() => ({})), expect: every('reached') },
  'POST /api/medrep/register': { request: json(() => ({})), expect: every('reached') },
  // A pharma company (docs/decisions/087-company-accounts.md): public like the other kinds' registrations.
  'POST /api/company/register': { request: json(() => ({ gstin: '27AAPFU0939F1ZW' })), expect: every('reached') },
  'POST /api/verify-otp': { request: json((w) => ({ email: w.repA.email, otp: '000000', type: 'medrep' })), expect: every('reached') },
  'POST /api/verify-email': { request: json(() => ({ token: 'x'.repeat(40), type: 'medrep' })), expect: every('reached') },
  'POST /api/verify-email/check': { request: json(() => ({ token: freshToken(), type: 'medrep' })), expect: every('ok') },
  'POST /api/resend-verification': { request: json((w) => ({ email: w.repA.email, type: 'medrep' })), expect: every('reached') },
  // A wrong password for one account from twelve actors: past the per-account budget of failures the answer is 429.
  'POST /api/auth/login': { request: json((w) => ({ email: w.clinicA.email, password: 'wrong-Password1!' })), expect: every('unauthOrThrottled') },
  'POST /api/medrep/login': { request: json((w) => ({ email: w.repA.email, password: 'wrong-Password1!' })), expect: every('unauthOrThrottled') },
  'POST /api/company/login': { request: json((w) => ({ email: w.companyA.email, password: 'wrong-Password1!' })), expect: every('unauthOrThrottled') },
  // Five requests per account an hour: the sixth caller meets the per-account limit (429, 'reached').
  'POST /api/clinic/forgot-password': { request: json((w) => ({ email: w.clinicA.email })), expect: every('reached') },
  'POST /api/medrep/forgot-password': { request: json((w) => ({ email: w.repA.email })), expect: every('reached') },
  'POST /api/company/forgot-password': { request: json((w) => ({ email: w.companyA.email })), expect: every('reached') },
  'POST /api/clinic/reset-password': { request: json(() => ({ token: 'x'.repeat(40), password: 'N3w!Password' })), expect: every('reached') },
  'POST /api/medrep/reset-password': { request: json(() => ({ token: 'x'.repeat(40), password: 'N3w!Password' })), expect: every('reached') },
  'POST /api/company/reset-password': { request: json(() => ({ token: 'x'.repeat(40), password: 'N3w!Password' })), expect: every('reached') },
  'POST /api/clinic/reset-password/check': { request: json(() => ({ token: freshToken() })), expect: every('ok') },
  'POST /api/medrep/reset-password/check': { request: json(() => ({ token: freshToken() })), expect: every('ok') },
  'POST /api/company/reset-password/check': { request: json(() => ({ token: freshToken() })), expect: every('ok') },
  'POST /api/auth/logout': { request: none, expect: every('ok') },
  // The doctor's own login (docs/decisions/073): public; a made-up invitation is refused with its own answer.
  'POST /api/doctor/login': {
    request: json(() => ({ email: 'dr.nobody@example.com', password: 'wrong-Password1!' })),
    expect: every('unauthOrThrottled'),
  },
  'POST /api/doctor/invite/accept': { request: json(() => ({ token: 'x'.repeat(43), password: 'Str0ng!Pass' })), expect: every('reached') },
  'POST /api/admin/logout': { request: none, expect: every('ok') },
  'POST /api/admin/authenticate': { request: json(() => ({ password: 'not-the-password' })), expect: every('unauthOrThrottled') },
  // The webhook has no session: its signature is the guard (tested in the subscriptions suite).
  'POST /api/subscription/webhook': { request: () => ({ payload: '{}', headers: { 'content-type': 'application/json' } }), expect: every('reached') },
  // WhatsApp's webhook (docs/decisions/044): no session; the signature guards the POST (tested in the whatsapp suite),
  // the verify token the GET (a wrong one is a 403 for everyone).
  'POST /api/whatsapp/webhook': { request: () => ({ payload: '{}', headers: { 'content-type': 'application/json' } }), expect: every('reached') },
  'GET /api/whatsapp/webhook': {
    request: () => ({ url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=123' }),
    expect: every('denied'),
  },
  // A code to confirm a WhatsApp number (the account's own or another): any signed-in rep or clinic, for its own account (no id).
  'POST /api/whatsapp/number-code': {
    request: json(() => ({ phone: '+91 98765 43210' })),
    expect: notReception({ nobody: 'unauth', repA: 'reached', repB: 'reached', clinicA: 'reached', clinicB: 'reached', admin: 'refused' }),
  },

  // --- sessions ---
  'GET /api/auth/me': {
    request: none,
    expect: { nobody: 'unauth', repA: 'ok', repB: 'ok', clinicA: 'ok', clinicB: 'ok', admin: 'refused', doctorOfA: 'ok', doctorOfB: 'ok', companyA: 'ok' },
  },
  // The signed-in company's own profile (docs/decisions/087).
  'GET /api/company/me': { request: none, expect: companyOnly },
  'GET /api/admin/session': { request: none, expect: adminOnly() },
  'GET /api/terms-status/:userType/:userId': { request: (w) => ({ url: `/api/terms-status/medrep/${w.repA.id}` }), expect: accountOwned },
  'POST /api/accept-terms': { request: json((w) => ({ userType: 'medrep', userId: w.repA.id })), expect: accountOwned },

  // --- privacy rights: the signed-in rep's or clinic's own account, no id ---
  // The account's language (docs/decisions/045): any signed-in account, its own (no id). English, so the other rows'
  // answers stay as they are.
  'PUT /api/account/language': { request: json(() => ({ language: 'en' })), expect: { ...every('ok'), nobody: 'unauth' } },
  // A clinic's data and its deletion are the owner's (decision 072).
  'GET /api/account/export': { request: none, expect: ownerOnly({ nobody: 'unauth', repA: 'ok', repB: 'ok', clinicA: 'ok', clinicB: 'ok', admin: 'refused' }) },
  'POST /api/account/delete/request': {
    request: none,
    expect: ownerOnly({ nobody: 'unauth', repA: 'ok', repB: 'ok', clinicA: 'ok', clinicB: 'ok', admin: 'refused' }),
  },
  'POST /api/account/delete/confirm': {
    request: json(() => ({ code: '000000' })),
    expect: ownerOnly({ nobody: 'unauth', repA: 'reached', repB: 'reached', clinicA: 'reached', clinicB: 'reached', admin: 'refused' }),
  },

  // --- rep: directory and booking ---
  'GET /api/cities-by-state': { request: () => ({ query: { state: 'Jammu and Kashmir' } }), expect: anyRep() },
  'GET /api/doctors/specialties': { request: () => ({ query: { state: 'Jammu and Kashmir', city: 'Srinagar' } }), expect: anyRep() },
  'GET /api/doctors/locations': { request: () => ({ query: { state: 'Jammu and Kashmir', city: 'Srinagar', specialty: 'Cardiology' } }), expect: anyRep() },
  'GET /api/clinics-by-doctor': { request: (w) => ({ query: { doctorId: String(w.doctorA.id) } }), expect: anyRep() },
  'GET /api/doctor-availability': { request: (w) => ({ query: { clinicId: String(w.clinicA.id), doctorId: String(w.doctorA.id) } }), expect: anyRep() },
  'GET /api/booking/calendar': {
    request: (w) => ({ query: { clinicId: String(w.clinicA.id), doctorId: String(w.doctorA.id), month: '2026-03' } }),
    expect: anyRep(),
  },
  'GET /api/booking/day-slots': {
    request: (w) => ({ query: { clinicId: String(w.clinicA.id), doctorId: String(w.doctorA.id), date: BOOK_DAY } }),
    expect: anyRep(),
  },
  'POST /api/book-appointment': {
    request: json((w) => ({ doctorId: w.doctorA.id, clinicId: w.clinicA.id, repId: w.repA.id, appointmentDate: BOOK_DAY })),
    expect: repOwned(),
  },
  'GET /api/rep-appointments': { request: (w) => ({ query: { repId: String(w.repA.id) } }), expect: repOwned() },
  'DELETE /api/appointments/:id': { request: (w) => ({ url: `/api/appointments/${w.appointment.id}` }), expect: repOwned() },
  // Rescheduling and the waitlist (docs/decisions/043): rep B gets 404 for rep A's visit and entry. Past the guards the
  // rules answer: rep A's entry is waiting (accept and decline: 409 offer_closed), BOOK_DAY has free slots (join: 409).
  // The live queue (docs/decisions/074-live-queue.md): the rep's own visit's place in line, as an answer and a stream.
  'GET /api/appointments/:id/queue': { request: (w) => ({ url: `/api/appointments/${w.appointment.id}/queue` }), expect: repOwned() },
  'GET /api/live/appointments/:id': { request: (w) => ({ url: `/api/live/appointments/${w.appointment.id}` }), expect: repOwned(), stream: true },
  'POST /api/appointments/:id/reschedule': {
    request: (w) => ({ url: `/api/appointments/${w.appointment.id}/reschedule`, payload: { appointmentDate: '2026-03-06' } }),
    expect: repOwned('reached'),
  },
  'POST /api/waitlist': { request: json((w) => ({ doctorId: w.doctorA.id, clinicId: w.clinicA.id, date: BOOK_DAY })), expect: anyRep('reached') },
  'GET /api/waitlist': { request: none, expect: anyRep() },
  'DELETE /api/waitlist/:id': { request: (w) => ({ url: `/api/waitlist/${w.waitlistEntry.id}` }), expect: repOwned() },
  'POST /api/waitlist/:id/accept': { request: (w) => ({ url: `/api/waitlist/${w.waitlistEntry.id}/accept` }), expect: repOwned('reached') },
  'POST /api/waitlist/:id/decline': { request: (w) => ({ url: `/api/waitlist/${w.waitlistEntry.id}/decline` }), expect: repOwned('reached') },
  // Check-in, the proof of visit and the rep's history (docs/decisions/041). Rep A's visit is days ahead: past the
  // guards its check-in is refused by the rules (409); rep B gets 404 for it. The receipt is of rep A's checked-in visit.
  'POST /api/medrep/check-in': { request: json((w) => ({ appointmentId: w.appointment.id, code: '000000' })), expect: repOwned('reached') },
  'GET /api/medrep/visits/:id/receipt': { request: (w) => ({ url: `/api/medrep/visits/${w.checkedIn.id}/receipt` }), expect: repOwned() },
  'GET /api/rep-visits': { request: () => ({ query: { from: '2026-02-01', to: FUTURE_DAY } }), expect: anyRep() },
  'GET /api/rep-visits.csv': { request: () => ({ query: { from: '2026-02-01', to: FUTURE_DAY } }), expect: anyRep() },
  // Public: whoever holds a proof checks it; anything that is not one is answered 'not valid'.
  'POST /api/verify-visit': { request: json(() => ({ receipt: 'not-a-receipt.x' })), expect: every('ok') },
  // The undo link of an e-mail change: the token is the proof, no session needed (decision 031).
  'POST /api/medrep/restore-email': { request: json(() => ({ token: 'x'.repeat(43) })), expect: every('reached') },
  'POST /api/medrep/send-update-otp': {
    request: json((w) => ({ userId: w.repA.id, updateType: 'password', currentPassword: TEST_PASSWORD })),
    expect: repOwned(),
  },
  'POST /api/medrep/verify-update-otp': {
    request: json((w) => ({ userId: w.repA.id, updateType: 'password', otp: '123456', newPassword: 'N3w!Password' })),
    expect: repOwned('reached'),
  },

  // --- rep: reminders, push and the private calendar feed (the signed-in rep's own, no id) ---
  'GET /api/medrep/notification-preferences': { request: none, expect: anyRep() },
  'PUT /api/medrep/notification-preferences': {
    request: json(() => ({ emailNotifications: true, pushNotifications: false, renewalReminders: true })),
    expect: anyRep(),
  },
  'GET /api/push/vapid-public-key': { request: none, expect: every('ok') },
  'POST /api/medrep/push-subscription': {
    request: json(() => ({ subscription: { endpoint: 'https://push.example.com/send/abc', keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } } })),
    expect: anyRep('reached'),
  },
  'DELETE /api/medrep/push-subscription': { request: none, expect: anyRep() },
  'GET /api/medrep/calendar-feed': { request: none, expect: anyRep() },
  'POST /api/medrep/calendar-feed': { request: none, expect: anyRep() },
  'DELETE /api/medrep/calendar-feed': { request: none, expect: anyRep() },
  // The secret token in the path is the key: an unknown one is a 404 for everybody.
  'GET /api/calendar/:file': { request: () => ({ url: `/api/calendar/${'a'.repeat(43)}.ics` }), expect: every('denied') },
  'GET /api/legal/retention': { request: none, expect: every('ok') },

  // --- rep: subscription ---
  'GET /api/subscription/plans': { request: none, expect: anyRep() },
  'GET /api/subscription/status/:repId': { request: (w) => ({ url: `/api/subscription/status/${w.repA.id}` }), expect: repOwned() },
  // Rep A has used the trial: past the guard, the answer is the business refusal.
  'POST /api/subscription/activate-free-trial': { request: json((w) => ({ medicalRepId: w.repA.id })), expect: repOwned('reached') },
  'POST /api/subscription/create': { request: json((w) => ({ planType: 'yearly', medicalRepId: w.repA.id })), expect: repOwned() },
  'POST /api/subscription/verify': {
    request: json((w) => ({
      razorpay_payment_id: 'pay_x',
      razorpay_order_id: w.orderId,
      razorpay_signature: 'f'.repeat(64),
      medicalRepId: w.repA.id,
      planType: 'monthly',
    })),
    expect: repOwned('reached'),
  },
  'POST /api/subscription/test-checkout/complete': { request: json((w) => ({ orderId: w.orderId })), expect: repOwned() },

  // --- the doctor's console (docs/decisions/073): a doctor's session only; every other actor is refused ---
  'GET /api/doctor/day': { request: none, expect: { ...doctorOnly, doctorOfB: 'ok' } },
  'POST /api/doctor/queue/next': { request: json((w) => ({ clinicId: w.clinicA.id })), expect: doctorOnly },
  'POST /api/doctor/running-late': { request: json((w) => ({ clinicId: w.clinicA.id, minutes: 20 })), expect: doctorOnly },
  'POST /api/doctor/cancel-today': { request: json((w) => ({ clinicId: w.clinicA.id, reason: 'Clinic will be closed today' })), expect: doctorOnly },
  'GET /api/doctor/settings/:clinicId': { request: (w) => ({ url: `/api/doctor/settings/${w.clinicA.id}` }), expect: doctorOnly },
  'PUT /api/doctor/settings/:clinicId': {
    request: (w) => ({
      url: `/api/doctor/settings/${w.clinicA.id}`,
      payload: { clinicId: w.clinicA.id, doctorId: w.doctorA.id, maxSlots: 4, callFrequency: 14 },
    }),
    expect: doctorOnly,
  },

  // --- clinic ---
  'GET /api/clinic/doctors/:clinicId': { request: (w) => ({ url: `/api/clinic/doctors/${w.clinicA.id}` }), expect: clinicOwned() },
  // Reception runs the day (the doctors' list is its doctor switcher); the doctors, call settings, visiting hours,
  // leave and cancelling are the owner's and managers' (docs/decisions/072-clinic-team.md): 403 forbidden_role.
  'POST /api/clinic/doctors': {
    request: json((w) => ({ clinicId: w.clinicA.id, name: 'Dr. New Person', specialty: 'Cardiology' })),
    expect: notReception(clinicOwned()),
  },
  'GET /api/available-doctors/:clinicId': { request: (w) => ({ url: `/api/available-doctors/${w.clinicA.id}` }), expect: notReception(clinicOwned()) },
  'POST /api/clinic/add-existing-doctor': {
    request: json((w) => ({ clinicId: w.clinicA.id, doctorId: w.doctorB.id })),
    expect: notReception(clinicOwned()),
  },
  'DELETE /api/clinic/doctors/:clinicId/:doctorId': {
    request: (w) => ({ url: `/api/clinic/doctors/${w.clinicA.id}/${w.doctorA.id}` }),
    expect: notReception(clinicOwned()),
  },
  'GET /api/clinic/settings/:clinicId': {
    request: (w) => ({ url: `/api/clinic/settings/${w.clinicA.id}`, query: { doctorId: String(w.doctorA.id) } }),
    expect: notReception(clinicOwned()),
  },
  'POST /api/clinic/settings': {
    request: json((w) => ({ clinicId: w.clinicA.id, doctorId: w.doctorA.id, maxSlots: 4, callFrequency: 14 })),
    expect: notReception(clinicOwned()),
  },
  'GET /api/doctor-appointments': {
    request: (w) => ({ query: { clinicId: String(w.clinicA.id), doctorId: String(w.doctorA2.id), date: FUTURE_DAY } }),
    expect: clinicOwned(),
  },
  'POST /api/clinic/cancel-today-calls': {
    request: json((w) => ({ clinicId: w.clinicA.id, doctorId: w.doctorA.id, date: '2026-03-02', reason: 'Clinic will be closed today' })),
    expect: notReception(clinicOwned()),
  },
  'POST /api/clinic/cancel-visits': {
    request: json((w) => ({ clinicId: w.clinicA.id, doctorId: w.doctorA2.id, appointmentIds: [w.appointment.id] })),
    expect: notReception(clinicOwned()),
  },
  // The clinic invites its doctor to their own login (docs/decisions/073): another clinic's doctor is 404.
  'POST /api/clinic/doctors/:doctorId/invite': {
    request: (w) => ({ url: `/api/clinic/doctors/${w.doctorA.id}/invite`, payload: { email: 'dr.invited@example.com' } }),
    expect: notReception(clinicOwned()),
  },
  // Planned absences (docs/decisions/040): clinic B's session gets 403 for clinic A's id and 404 for its absence.
  'GET /api/clinic/leave/preview': {
    request: (w) => ({ query: { clinicId: String(w.clinicA.id), doctorId: String(w.doctorA.id), from: '2026-06-08', to: '2026-06-10' } }),
    expect: notReception(clinicOwned()),
  },
  'GET /api/clinic/leave': { request: (w) => ({ query: { clinicId: String(w.clinicA.id) } }), expect: notReception(clinicOwned()) },
  'POST /api/clinic/leave': {
    request: json((w) => ({ clinicId: w.clinicA.id, doctorId: w.doctorA.id, from: '2026-06-08', to: '2026-06-10', reason: 'Annual leave' })),
    expect: notReception(clinicOwned()),
  },
  'DELETE /api/clinic/leave/:id': { request: (w) => ({ url: `/api/clinic/leave/${w.absenceA.id}` }), expect: notReception(clinicOwned()) },
  // The signed-in clinic's own log (decision 075): no id in the request, each clinic reads its own; not reception's.
  'GET /api/clinic/activity': { request: () => ({}), expect: notReception(anyClinic()) },
  // Check-in and the histories (docs/decisions/041): clinic B gets 403 for clinic A's id.
  // The clinic's queue board (decision 074): reception and up of that clinic.
  'GET /api/clinic/queue-board': { request: (w) => ({ query: { clinicId: String(w.clinicA.id) } }), expect: clinicOwned() },
  'GET /api/live/clinic-queue': { request: (w) => ({ query: { clinicId: String(w.clinicA.id) } }), expect: clinicOwned(), stream: true },
  'GET /api/clinic/check-in-code': { request: (w) => ({ query: { clinicId: String(w.clinicA.id) } }), expect: clinicOwned() },
  'GET /api/clinic/visits': {
    request: (w) => ({ query: { clinicId: String(w.clinicA.id), doctorId: String(w.doctorA2.id), from: '2026-02-01', to: FUTURE_DAY } }),
    expect: clinicOwned(),
  },
  'GET /api/clinic/visits.csv': { request: (w) => ({ query: { clinicId: String(w.clinicA.id), from: '2026-02-01', to: FUTURE_DAY } }), expect: clinicOwned() },
  // The clinic's move of its visit (docs/decisions/041): clinic B gets 404 for clinic A's visit, reps 401.
  'POST /api/clinic/appointments/:id/status': {
    request: (w) => ({ url: `/api/clinic/appointments/${w.appointment.id}/status`, payload: { status: 'confirmed' } }),
    expect: clinicOwned(),
  },
  // Undo of a clinic's Completed or No-show (docs/decisions/046): the visit is not marked, so clinic A is answered 409.
  'POST /api/clinic/appointments/:id/undo-outcome': {
    request: (w) => ({ url: `/api/clinic/appointments/${w.appointment.id}/undo-outcome` }),
    expect: clinicOwned('reached'),
  },
  // The clinic account's password is the owner's; the notification switches the owner's and managers'.
  'POST /api/clinic/change-password': {
    request: json(() => ({ currentPassword: TEST_PASSWORD, newPassword: 'N3w!Password9' })),
    expect: ownerOnly(anyClinic()),
  },
  'GET /api/clinic/preferences': { request: none, expect: notReception(anyClinic()) },
  'PUT /api/clinic/preferences': { request: json(() => ({ emailNotifications: true, smsNotifications: false })), expect: notReception(anyClinic()) },

  // --- the clinic's team (docs/decisions/072-clinic-team.md): the signed-in clinic's own (no clinic id) ---
  'GET /api/clinic/team': { request: none, expect: notReception(anyClinic()) },
  // A new address on every call: each actor's invitation is its own.
  'POST /api/clinic/team': {
    request: json(() => ({ name: 'New Staff', email: `invitee-${++invitees}@example.com`, role: 'reception' })),
    expect: ownerOnly(anyClinic()),
  },
  // Aimed at clinic A's deactivated member: clinic B is answered 404; resending to a member no longer invited is a 409.
  'PATCH /api/clinic/team/:id': {
    request: (w) => ({ url: `/api/clinic/team/${w.team.deactivatedA}`, payload: { role: 'manager' } }),
    expect: ownerOnly(clinicOwned()),
  },
  'POST /api/clinic/team/:id/resend': {
    request: (w) => ({ url: `/api/clinic/team/${w.team.deactivatedA}/resend` }),
    expect: ownerOnly(clinicOwned('reached')),
  },
  // Public: the link's token is the proof (an unknown one is a 400).
  'POST /api/clinic/team/accept': { request: json(() => ({ token: 'x'.repeat(43), password: 'N3w!Password9' })), expect: every('reached') },

  // --- admin ---
  'GET /api/admin/stats': { request: none, expect: adminOnly() },
  'GET /api/admin/jobs': { request: none, expect: adminOnly() },
  'GET /api/admin/backups': { request: none, expect: adminOnly() },
  'GET /api/admin/analytics': { request: none, expect: adminOnly() },
  // The four lists a page at a time with the screens' filters (docs/decisions/022).
  'GET /api/admin/users': { request: (w) => ({ url: `/api/admin/users?type=medrep&q=${encodeURIComponent(w.repA.email)}&limit=5` }), expect: adminOnly() },
  'DELETE /api/admin/users/:id': { request: (w) => ({ url: `/api/admin/users/${w.repA.id}`, payload: { userType: 'medrep' } }), expect: adminOnly() },
  // An admin checks a pharma company (docs/decisions/087): a company may not verify itself.
  'PATCH /api/admin/companies/:id/verification': {
    request: (w) => ({ url: `/api/admin/companies/${w.companyA.id}/verification`, payload: { verified: true } }),
    expect: adminOnly(),
  },
  'PATCH /api/admin/users/:id/status': {
    request: (w) => ({ url: `/api/admin/users/${w.clinicA.id}/status`, payload: { userType: 'clinic', status: 'inactive' } }),
    expect: adminOnly(),
  },
  'GET /api/admin/subscriptions': { request: (w) => ({ url: `/api/admin/subscriptions?q=${encodeURIComponent(w.repA.email)}&limit=5` }), expect: adminOnly() },
  'GET /api/admin/pending-medical-reps': { request: () => ({ url: '/api/admin/pending-medical-reps?limit=5' }), expect: adminOnly() },
  'GET /api/admin/doctors': { request: () => ({ url: '/api/admin/doctors?limit=5' }), expect: adminOnly() },
  'DELETE /api/admin/doctors/:id': { request: (w) => ({ url: `/api/admin/doctors/${w.linkA.id}` }), expect: adminOnly() },
  'GET /api/admin/appointments': { request: () => ({ url: '/api/admin/appointments?status=booked&limit=5' }), expect: adminOnly() },
  'DELETE /api/admin/appointments/:id': { request: (w) => ({ url: `/api/admin/appointments/${w.appointment.id}` }), expect: adminOnly() },
  'POST /api/admin/notifications': { request: json(() => ({ message: 'Maintenance tonight' })), expect: adminOnly() },
  'DELETE /api/admin/notifications/active': { request: none, expect: adminOnly() },
  // Outside the supervisor nothing restarts; the answer is still the admin's 202.
  'POST /api/admin/restart-server': { request: none, expect: adminOnly() },
  'POST /api/admin/send-reregistration-emails': { request: json((w) => ({ emails: [w.repA.email] })), expect: adminOnly() },
  'GET /api/admin/medical-reps-with-subscription': {
    request: (w) => ({ url: `/api/admin/medical-reps-with-subscription?status=all&q=${encodeURIComponent(w.repA.email)}&limit=5` }),
    expect: adminOnly(),
  },
  'POST /api/admin/send-bulk-email': {
    // A send by filter (decision 023); the admin tests send by ids as well.
    request: json((w) => ({
      selection: { all: true, filter: { status: 'all', q: w.repA.email } },
      subject: 'Hello',
      content: 'Hello {{name}}',
      templateType: 'custom',
    })),
    expect: adminOnly('reached'),
  },
  'GET /api/admin/email-jobs/:jobId': { request: () => ({ url: '/api/admin/email-jobs/job_unknown' }), expect: adminOnly('reached') },
  // An unknown send: the admin's call is reached and answered 404 (the admin tests retry real failed e-mails).
  'POST /api/admin/email-jobs/:jobId/retry-failed': {
    request: () => ({ url: '/api/admin/email-jobs/00000000-0000-4000-8000-000000000000/retry-failed' }),
    expect: adminOnly('reached'),
  },
  'GET /api/admin/email-audit-logs': { request: () => ({ url: '/api/admin/email-audit-logs?limit=5' }), expect: adminOnly() },
  // No failed e-mail of that id: the admin's call is reached and answered 400 not_retryable.
  'POST /api/admin/email-audit-logs/:id/retry': { request: () => ({ url: '/api/admin/email-audit-logs/999999999/retry' }), expect: adminOnly('reached') },
  'GET /api/admin/email-stats': { request: none, expect: adminOnly() },
  // The admin lists' CSV exports (docs/decisions/022).
  'GET /api/admin/users.csv': { request: (w) => ({ url: `/api/admin/users.csv?q=${encodeURIComponent(w.repA.email)}` }), expect: adminOnly() },
  'GET /api/admin/subscriptions.csv': { request: (w) => ({ url: `/api/admin/subscriptions.csv?q=${encodeURIComponent(w.repA.email)}` }), expect: adminOnly() },
  'GET /api/admin/doctors.csv': { request: none, expect: adminOnly() },
  'GET /api/admin/appointments.csv': { request: () => ({ url: '/api/admin/appointments.csv?status=booked' }), expect: adminOnly() },
  // The admin team (docs/decisions/042). The 'admin' actor is the single-password session with no named owner yet, so
  // it may do an owner's acts (invite the first owner); staff refusals and the team mode are admin-team*.test.ts's.
  'GET /api/admin/gate': { request: none, expect: every('ok') },
  'GET /api/admin/me': { request: none, expect: adminOnly() },
  'GET /api/admin/admins': { request: () => ({ url: '/api/admin/admins?limit=5' }), expect: adminOnly() },
  // An invited owner has not enrolled: the gate stays the single password for the next rows.
  'POST /api/admin/admins': { request: json((w) => ({ name: 'First Owner', email: `owner-${w.repA.id}@example.com`, role: 'owner' })), expect: adminOnly() },
  'PATCH /api/admin/admins/:id': { request: () => ({ url: '/api/admin/admins/999999', payload: { active: false } }), expect: adminOnly('reached') },
  'POST /api/admin/admins/:id/reset-two-factor': { request: () => ({ url: '/api/admin/admins/999999/reset-two-factor' }), expect: adminOnly('reached') },
  // The invitation link's steps are public: the token is the proof (an unknown one is a 400).
  'POST /api/admin/invite/check': { request: json(() => ({ token: 'x'.repeat(43) })), expect: every('reached') },
  'POST /api/admin/invite/accept': { request: json(() => ({ token: 'x'.repeat(43), password: 'Long-enough-Pass1!' })), expect: every('reached') },
  'POST /api/admin/invite/confirm': { request: json(() => ({ token: 'x'.repeat(43), code: '123456' })), expect: every('reached') },
  'GET /api/admin/audit': { request: () => ({ url: '/api/admin/audit?limit=5&action=user_deleted' }), expect: adminOnly() },
  'GET /api/admin/security-events': { request: () => ({ url: '/api/admin/security-events?limit=5&level=high' }), expect: adminOnly() },
};
