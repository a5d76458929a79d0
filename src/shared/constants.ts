// The spec's business constants, written once (ARCHITECTURE: src/shared/constants.ts).

export const PRODUCT_NAME = 'RepVisit';

// spec part 1, 9: 36 Indian states and union territories.
export const INDIAN_STATES = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;

export const JAMMU_AND_KASHMIR = 'Jammu and Kashmir';

// spec part 1, 9: the 20 districts offered as cities for Jammu and Kashmir.
export const JK_DISTRICTS = [
  'Doda',
  'Jammu',
  'Kathua',
  'Kishtwar',
  'Poonch',
  'Rajouri',
  'Ramban',
  'Reasi',
  'Samba',
  'Udhampur',
  'Anantnag',
  'Bandipora',
  'Baramulla',
  'Budgam',
  'Ganderbal',
  'Kulgam',
  'Kupwara',
  'Pulwama',
  'Shopian',
  'Srinagar',
] as const;

export const OTHER_CITY = 'Other';

/** spec part 1, 5: J&K offers its districts; any other state offers only 'Other'. */
export function citiesForState(state: string): readonly string[] {
  return state === JAMMU_AND_KASHMIR ? JK_DISTRICTS : [OTHER_CITY];
}

/** spec part 1, 5: on submit an empty city becomes Srinagar for J&K and 'Other' elsewhere. */
export function defaultCityForState(state: string): string {
  return state === JAMMU_AND_KASHMIR ? 'Srinagar' : OTHER_CITY;
}

// spec part 1, 9: fallback if the states call fails.
export const STATES_FALLBACK = [JAMMU_AND_KASHMIR] as const;

// spec part 1, 3: specialties offered when adding a doctor.
export const SPECIALTIES = [
  'General Medicine',
  'Cardiology',
  'Dermatology',
  'Endocrinology',
  'Gastroenterology',
  'Gynecology',
  'Neurology',
  'Oncology',
  'Orthopedics',
  'Pediatrics',
  'Psychiatry',
  'Pulmonology',
  'Radiology',
  'Urology',
] as const;
export type Specialty = (typeof SPECIALTIES)[number];

// spec part 1, 3: cancellation reasons.
export const CANCELLATION_REASONS = ['Clinic will be closed today', 'Doctor has some important work', 'Doctor is leaving for conference'] as const;

// spec part 1, 9 and part 2, 9.
export const LIMITS = {
  clinicNameMin: 3,
  contactPersonMin: 3,
  phoneMin: 10,
  passwordMin: 8,
  otpLength: 6,
  registrationOtpMinutes: 15,
  registrationOtpAttempts: 3,
  profileOtpMinutes: 10,
  profileOtpAttempts: 3,
  resetTokenMinutes: 60,
  maxSlotsMin: 1,
  maxSlotsMax: 100,
  maxSlotsDefault: 3,
  callFrequencyDefault: 7,
  broadcastMax: 500,
  availabilityDebounceMs: 500,
} as const;

export const CALL_FREQUENCIES = [7, 14, 21, 28] as const;

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

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

// spec part 2, 9: plans in INR; amounts in paise.
export const PLANS = {
  monthly: { label: 'Monthly', priceInr: 99, amountPaise: 9900, days: 30 },
  yearly: { label: 'Yearly', priceInr: 990, amountPaise: 99000, days: 365 },
} as const;
export type PlanType = keyof typeof PLANS;
export const YEARLY_SAVING_INR = 198;
export const CURRENCY = 'INR';

// spec part 2, 1: support hours and facts the legal pages state.
export const COMPANY = {
  legalName: 'RepVisit Technologies Private Limited',
  city: 'Srinagar',
  address: 'Residency Road, Srinagar, Jammu and Kashmir 190001, India',
  email: 'support@repvisit.in',
  grievanceEmail: 'grievance@repvisit.in',
  phone: '+91 194 245 0000',
  cin: 'U72900JK2024PTC000000',
  supportHours: ['Monday to Friday: 9:00 to 18:00 IST', 'Saturday: 10:00 to 16:00 IST', 'Sunday: closed'],
  replyPromise: 'We reply within 24 hours on business days.',
  policiesEffective: 'June 1, 2025',
} as const;
