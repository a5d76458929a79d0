// The spec's business constants, written once (ARCHITECTURE: src/shared/constants.ts).

// The few the app shell itself uses live in shell-constants.ts (re-exported here): a module the entry imports lands in
// the landing route's bundle whole, and the lists below belong to the pages that show them.
export { CANCELLATION_REASONS, COMPANY, PRODUCT_NAME, TIMINGS } from './shell-constants';

// spec part 1, 9: 36 Indian states and union territories.
export const INDIAN_STATES = [
  /*i18n*/ 'Andaman and Nicobar Islands',
  /*i18n*/ 'Andhra Pradesh',
  /*i18n*/ 'Arunachal Pradesh',
  /*i18n*/ 'Assam',
  /*i18n*/ 'Bihar',
  /*i18n*/ 'Chandigarh',
  /*i18n*/ 'Chhattisgarh',
  /*i18n*/ 'Dadra and Nagar Haveli and Daman and Diu',
  /*i18n*/ 'Delhi',
  /*i18n*/ 'Goa',
  /*i18n*/ 'Gujarat',
  /*i18n*/ 'Haryana',
  /*i18n*/ 'Himachal Pradesh',
  /*i18n*/ 'Jammu and Kashmir',
  /*i18n*/ 'Jharkhand',
  /*i18n*/ 'Karnataka',
  /*i18n*/ 'Kerala',
  /*i18n*/ 'Ladakh',
  /*i18n*/ 'Lakshadweep',
  /*i18n*/ 'Madhya Pradesh',
  /*i18n*/ 'Maharashtra',
  /*i18n*/ 'Manipur',
  /*i18n*/ 'Meghalaya',
  /*i18n*/ 'Mizoram',
  /*i18n*/ 'Nagaland',
  /*i18n*/ 'Odisha',
  /*i18n*/ 'Puducherry',
  /*i18n*/ 'Punjab',
  /*i18n*/ 'Rajasthan',
  /*i18n*/ 'Sikkim',
  /*i18n*/ 'Tamil Nadu',
  /*i18n*/ 'Telangana',
  /*i18n*/ 'Tripura',
  /*i18n*/ 'Uttar Pradesh',
  /*i18n*/ 'Uttarakhand',
  /*i18n*/ 'West Bengal',
] as const;

export const JAMMU_AND_KASHMIR = /*i18n*/ 'Jammu and Kashmir';

// spec part 1, 9: the 20 districts offered as cities for Jammu and Kashmir.
export const JK_DISTRICTS = [
  /*i18n*/ 'Doda',
  /*i18n*/ 'Jammu',
  /*i18n*/ 'Kathua',
  /*i18n*/ 'Kishtwar',
  /*i18n*/ 'Poonch',
  /*i18n*/ 'Rajouri',
  /*i18n*/ 'Ramban',
  /*i18n*/ 'Reasi',
  /*i18n*/ 'Samba',
  /*i18n*/ 'Udhampur',
  /*i18n*/ 'Anantnag',
  /*i18n*/ 'Bandipora',
  /*i18n*/ 'Baramulla',
  /*i18n*/ 'Budgam',
  /*i18n*/ 'Ganderbal',
  /*i18n*/ 'Kulgam',
  /*i18n*/ 'Kupwara',
  /*i18n*/ 'Pulwama',
  /*i18n*/ 'Shopian',
  /*i18n*/ 'Srinagar',
] as const;

export const OTHER_CITY = /*i18n*/ 'Other';

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
  /*i18n*/ 'General Medicine',
  /*i18n*/ 'Cardiology',
  /*i18n*/ 'Dermatology',
  /*i18n*/ 'Endocrinology',
  /*i18n*/ 'Gastroenterology',
  /*i18n*/ 'Gynecology',
  /*i18n*/ 'Neurology',
  /*i18n*/ 'Oncology',
  /*i18n*/ 'Orthopedics',
  /*i18n*/ 'Pediatrics',
  /*i18n*/ 'Psychiatry',
  /*i18n*/ 'Pulmonology',
  /*i18n*/ 'Radiology',
  /*i18n*/ 'Urology',
] as const;
export type Specialty = (typeof SPECIALTIES)[number];

// Quick picks that fit each action (decision 053): the spec's texts where they fit, a few of our own where none does.
// Declining one rep's visit: the clinic is not closed for everyone, so not 'Clinic will be closed today'.
export const DECLINE_REASONS = [
  /*i18n*/ 'Doctor has some important work',
  /*i18n*/ 'Doctor is leaving for conference',
  /*i18n*/ 'The doctor is not seeing reps at this time. Please book another date.',
] as const;
// A doctor's leave planned ahead (decision 040).
export const DOCTOR_LEAVE_REASONS = [
  /*i18n*/ 'Doctor is on leave',
  /*i18n*/ 'Doctor has some important work',
  /*i18n*/ 'Doctor is leaving for conference',
] as const;
// A whole-clinic closure: the spec's 'Clinic will be closed today' for today alone; 'today' does not fit a later date.
export const CLINIC_CLOSURE_REASONS = [/*i18n*/ 'Clinic will be closed', /*i18n*/ 'Clinic holiday'] as const;
export const CLINIC_CLOSED_TODAY_REASONS = [/*i18n*/ 'Clinic will be closed today', /*i18n*/ 'Clinic holiday'] as const;

// spec part 1, 9 and part 2, 9.
export const LIMITS = {
  clinicNameMin: 3,
  contactPersonMin: 3,
  phoneMin: 10,
  passwordMin: 8,
  otpLength: 6,
  declineReasonMin: 3,
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

// spec part 2, 9: plans in INR; amounts in paise.
export const PLANS = {
  monthly: { label: /*i18n*/ 'Monthly', priceInr: 99, amountPaise: 9900, days: 30 },
  yearly: { label: /*i18n*/ 'Yearly', priceInr: 990, amountPaise: 99000, days: 365 },
} as const;
export type PlanType = keyof typeof PLANS;
export const YEARLY_SAVING_INR = 198;
export const CURRENCY = 'INR';
