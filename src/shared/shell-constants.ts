// The spec's constants the app shell (the landing route's entry) uses, apart from constants.ts, which re-exports them:
// a module the entry imports is bundled into it whole, and constants.ts's lists are the pages' own (budget:
// docs/performance.md, landing route 100 KB).

export const PRODUCT_NAME = 'RepVisit';

// spec part 1, 3: cancellation reasons.
export const CANCELLATION_REASONS = [
  /*i18n*/ 'Clinic will be closed today',
  /*i18n*/ 'Doctor has some important work',
  /*i18n*/ 'Doctor is leaving for conference',
] as const;

// spec part 1, 9 and part 2, 9: timings the screens keep.
export const TIMINGS = {
  toastDefaultMs: 5000,
  errorToastMs: 5000,
  registrationToastMs: 8000,
  shortToastMs: 3000,
  clinicLoginRedirectMs: 1000,
  clinicModalRedirectMs: 200,
  repLoginRedirectMs: 1000,
  clinicGateRedirectMs: 1500,
  clinicBadDataRedirectMs: 2000,
  appointmentFetchDelayMs: 200,
  successRedirectMs: 3000,
  installCardDelayMs: 10_000,
  connectedBadgeMs: 3000,
  pendingCountRefreshMs: 30_000,
  offlineCacheMinutes: 60,
  tooltipDelayMs: 700,
  tooltipSkipDelayMs: 300,
} as const;

// spec part 2, 1: support hours and facts the legal pages state.
export const COMPANY = {
  legalName: 'RepVisit Technologies Private Limited',
  city: /*i18n*/ 'Srinagar',
  address: /*i18n*/ 'Residency Road, Srinagar, Jammu and Kashmir 190001, India',
  email: 'support@repvisit.in',
  grievanceEmail: 'grievance@repvisit.in',
  phone: '+91 194 245 0000',
  cin: 'U72900JK2024PTC000000',
  supportHours: [/*i18n*/ 'Monday to Friday: 9:00 to 18:00 IST', /*i18n*/ 'Saturday: 10:00 to 16:00 IST', /*i18n*/ 'Sunday: closed'],
  replyPromise: /*i18n*/ 'We reply within 24 hours on business days.',
  // A calendar date (yyyy-mm-dd), shown as every date a user reads is (formatDisplayDate, dd/mm/yyyy).
  policiesEffective: '2025-06-01',
} as const;
