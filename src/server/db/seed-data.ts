import { JAMMU_AND_KASHMIR, OTHER_CITY, type Specialty, type Weekday } from '../../shared/constants';

// The demo data set (README, Demo data): believable clinics, doctors, reps and their call settings. Plain data, no
// randomness, so every fresh database gets the same demo. Dates are computed from `now` by seed-plan.ts.

/** Every demo account signs in with this password (it satisfies the password policy). */
export const DEMO_PASSWORD = 'Demo@1234';

export interface DemoClinic {
  key: string;
  clinicName: string;
  contactPerson: string;
  state: string;
  city: string; // a J&K district, or 'Other' elsewhere (spec part 1, 5)
  contactNumber: string;
  email: string;
}

export const DEMO_CLINICS: readonly DemoClinic[] = [
  {
    key: 'srinagar',
    clinicName: 'Srinagar Care Clinic',
    contactPerson: 'Asha Kaul',
    state: JAMMU_AND_KASHMIR,
    city: 'Srinagar',
    contactNumber: '9419001101',
    email: 'srinagar.care@example.com',
  },
  {
    key: 'jammu',
    clinicName: 'Jammu City Clinic',
    contactPerson: 'Rakesh Gupta',
    state: JAMMU_AND_KASHMIR,
    city: 'Jammu',
    contactNumber: '9419001102',
    email: 'jammu.city.clinic@example.com',
  },
  {
    key: 'anantnag',
    clinicName: 'Anantnag Family Clinic',
    contactPerson: 'Mehvish Shah',
    state: JAMMU_AND_KASHMIR,
    city: 'Anantnag',
    contactNumber: '9419001103',
    email: 'anantnag.family@example.com',
  },
  {
    key: 'baramulla',
    clinicName: 'Baramulla Health Point',
    contactPerson: 'Tariq Mir',
    state: JAMMU_AND_KASHMIR,
    city: 'Baramulla',
    contactNumber: '9419001104',
    email: 'baramulla.health@example.com',
  },
  {
    key: 'udhampur',
    clinicName: 'Udhampur Wellness Centre',
    contactPerson: 'Sunita Devi',
    state: JAMMU_AND_KASHMIR,
    city: 'Udhampur',
    contactNumber: '9419001105',
    email: 'udhampur.wellness@example.com',
  },
  {
    key: 'delhi',
    clinicName: 'Lajpat Nagar Polyclinic',
    contactPerson: 'Anil Malhotra',
    state: 'Delhi',
    city: OTHER_CITY,
    contactNumber: '9811001106',
    email: 'lajpat.polyclinic@example.com',
  },
  {
    key: 'mumbai',
    clinicName: 'Andheri Medicare',
    contactPerson: 'Kavita Deshpande',
    state: 'Maharashtra',
    city: OTHER_CITY,
    contactNumber: '9820001107',
    email: 'andheri.medicare@example.com',
  },
  {
    key: 'amritsar',
    clinicName: 'Amritsar City Clinic',
    contactPerson: 'Harpreet Kaur',
    state: 'Punjab',
    city: OTHER_CITY,
    contactNumber: '9815001108',
    email: 'amritsar.city@example.com',
  },
];

export type DayPattern = 'all' | 'monSat' | 'weekdays' | 'monWedFri' | 'tueThuSat' | 'tueFri' | 'wedSat' | 'saturday';

const PATTERN_DAYS: Record<DayPattern, readonly Weekday[]> = {
  all: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
  monSat: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
  weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
  monWedFri: ['monday', 'wednesday', 'friday'],
  tueThuSat: ['tuesday', 'thursday', 'saturday'],
  tueFri: ['tuesday', 'friday'],
  wedSat: ['wednesday', 'saturday'],
  saturday: ['saturday'],
};

/** The stored shape of availableDays: all seven weekdays, true where the doctor takes calls. */
export function availableDaysFor(pattern: DayPattern): Record<Weekday, boolean> {
  const on = new Set(PATTERN_DAYS[pattern]);
  return {
    monday: on.has('monday'),
    tuesday: on.has('tuesday'),
    wednesday: on.has('wednesday'),
    thursday: on.has('thursday'),
    friday: on.has('friday'),
    saturday: on.has('saturday'),
    sunday: on.has('sunday'),
  };
}

/** Call settings of one doctor at one clinic (clinic_doctor_settings). */
export interface DemoLink {
  clinic: string;
  days: DayPattern;
  maxSlots: number;
  callFrequency: 7 | 14 | 21 | 28;
  /** Visiting hours and one visit's minutes (docs/decisions/039); absent: the whole day. */
  visitWindows?: readonly { start: string; end: string }[];
  slotMinutes?: number;
}

/** One doctor (one row in `doctors`); the first link is the clinic that added the doctor. */
export interface DemoDoctor {
  key: string;
  name: string;
  specialty: Specialty;
  links: readonly DemoLink[];
}

export const DEMO_DOCTORS: readonly DemoDoctor[] = [
  // Srinagar Care Clinic. Dr. Farooq Ahmad takes calls every day here, so the clinic always has today's calls, in
  // visiting hours (after the OPD, 15:30-17:00, 15 minutes each), so the demo shows times and the day's order.
  {
    key: 'farooq',
    name: 'Dr. Farooq Ahmad',
    specialty: 'Cardiology',
    links: [
      { clinic: 'srinagar', days: 'all', maxSlots: 4, callFrequency: 7, visitWindows: [{ start: '15:30', end: '17:00' }], slotMinutes: 15 },
      { clinic: 'anantnag', days: 'tueThuSat', maxSlots: 3, callFrequency: 14 },
    ],
  },
  { key: 'nazia', name: 'Dr. Nazia Qadri', specialty: 'Gynecology', links: [{ clinic: 'srinagar', days: 'monSat', maxSlots: 2, callFrequency: 14 }] },
  { key: 'suhail', name: 'Dr. Suhail Wani', specialty: 'Orthopedics', links: [{ clinic: 'srinagar', days: 'monWedFri', maxSlots: 3, callFrequency: 7 }] },
  { key: 'rubina', name: 'Dr. Rubina Akhtar', specialty: 'Pediatrics', links: [{ clinic: 'srinagar', days: 'monSat', maxSlots: 5, callFrequency: 14 }] },
  // Jammu City Clinic; Dr. Vikas Sharma also sees patients in Udhampur twice a week.
  {
    key: 'vikas',
    name: 'Dr. Vikas Sharma',
    specialty: 'General Medicine',
    links: [
      { clinic: 'jammu', days: 'monSat', maxSlots: 6, callFrequency: 7 },
      { clinic: 'udhampur', days: 'tueFri', maxSlots: 3, callFrequency: 14 },
    ],
  },
  { key: 'neha', name: 'Dr. Neha Gupta', specialty: 'Dermatology', links: [{ clinic: 'jammu', days: 'weekdays', maxSlots: 3, callFrequency: 14 }] },
  { key: 'rajeev', name: 'Dr. Rajeev Raina', specialty: 'Neurology', links: [{ clinic: 'jammu', days: 'monWedFri', maxSlots: 2, callFrequency: 21 }] },
  // Anantnag Family Clinic.
  { key: 'bilal', name: 'Dr. Bilal Rather', specialty: 'General Medicine', links: [{ clinic: 'anantnag', days: 'monSat', maxSlots: 4, callFrequency: 7 }] },
  { key: 'shazia', name: 'Dr. Shazia Malik', specialty: 'Endocrinology', links: [{ clinic: 'anantnag', days: 'weekdays', maxSlots: 3, callFrequency: 14 }] },
  { key: 'aijaz', name: 'Dr. Aijaz Hussain', specialty: 'Psychiatry', links: [{ clinic: 'anantnag', days: 'wedSat', maxSlots: 2, callFrequency: 28 }] },
  // Baramulla Health Point; Dr. Irfan Lone visits Srinagar Care Clinic on Saturdays.
  {
    key: 'irfan',
    name: 'Dr. Irfan Lone',
    specialty: 'Pulmonology',
    links: [
      { clinic: 'baramulla', days: 'weekdays', maxSlots: 3, callFrequency: 7 },
      { clinic: 'srinagar', days: 'saturday', maxSlots: 2, callFrequency: 7 },
    ],
  },
  { key: 'mushtaq', name: 'Dr. Mushtaq Dar', specialty: 'Gastroenterology', links: [{ clinic: 'baramulla', days: 'monSat', maxSlots: 3, callFrequency: 14 }] },
  // Udhampur Wellness Centre.
  { key: 'anita', name: 'Dr. Anita Slathia', specialty: 'Gynecology', links: [{ clinic: 'udhampur', days: 'weekdays', maxSlots: 4, callFrequency: 14 }] },
  { key: 'pawan', name: 'Dr. Pawan Kumar', specialty: 'Orthopedics', links: [{ clinic: 'udhampur', days: 'monWedFri', maxSlots: 3, callFrequency: 7 }] },
  // Other states (city 'Other').
  {
    key: 'meera',
    name: 'Dr. Meera Khanna',
    specialty: 'Cardiology',
    // A morning and an evening OPD break.
    links: [
      {
        clinic: 'delhi',
        days: 'monSat',
        maxSlots: 10,
        callFrequency: 7,
        visitWindows: [
          { start: '11:00', end: '12:00' },
          { start: '16:00', end: '17:30' },
        ],
        slotMinutes: 10,
      },
    ],
  },
  { key: 'arjun', name: 'Dr. Arjun Mehta', specialty: 'Psychiatry', links: [{ clinic: 'delhi', days: 'tueThuSat', maxSlots: 3, callFrequency: 14 }] },
  { key: 'sanjay', name: 'Dr. Sanjay Patil', specialty: 'Urology', links: [{ clinic: 'mumbai', days: 'weekdays', maxSlots: 5, callFrequency: 14 }] },
  { key: 'leena', name: 'Dr. Leena Joshi', specialty: 'Oncology', links: [{ clinic: 'mumbai', days: 'monWedFri', maxSlots: 2, callFrequency: 28 }] },
  {
    key: 'gurpreet',
    name: 'Dr. Gurpreet Sandhu',
    specialty: 'General Medicine',
    links: [{ clinic: 'amritsar', days: 'monSat', maxSlots: 8, callFrequency: 7 }],
  },
  { key: 'simran', name: 'Dr. Simran Gill', specialty: 'Radiology', links: [{ clinic: 'amritsar', days: 'weekdays', maxSlots: 3, callFrequency: 21 }] },
];

export type DemoSubscription =
  | { kind: 'free_trial'; startedDaysAgo: number }
  | { kind: 'paid'; plan: 'monthly' | 'yearly'; paidDaysAgo: number }
  | { kind: 'expired'; expiredDaysAgo: number }
  | { kind: 'none' };

export interface DemoRep {
  key: string;
  fullName: string;
  email: string;
  phone: string;
  company: string;
  state: string;
  subscription: DemoSubscription;
}

export const DEMO_REPS: readonly DemoRep[] = [
  {
    key: 'ravi',
    fullName: 'Ravi Sharma',
    email: 'ravi.sharma@example.com',
    phone: '9906001201',
    company: 'Sun Pharma',
    state: JAMMU_AND_KASHMIR,
    subscription: { kind: 'free_trial', startedDaysAgo: 10 },
  },
  {
    key: 'aamir',
    fullName: 'Aamir Bhat',
    email: 'aamir.bhat@example.com',
    phone: '9906001202',
    company: 'Cipla',
    state: JAMMU_AND_KASHMIR,
    subscription: { kind: 'paid', plan: 'yearly', paidDaysAgo: 120 },
  },
  {
    key: 'imran',
    fullName: 'Imran Lone',
    email: 'imran.lone@example.com',
    phone: '9906001203',
    company: 'Lupin',
    state: JAMMU_AND_KASHMIR,
    subscription: { kind: 'paid', plan: 'monthly', paidDaysAgo: 12 },
  },
  {
    key: 'sneha',
    fullName: 'Sneha Iyer',
    email: 'sneha.iyer@example.com',
    phone: '9820001204',
    company: "Dr. Reddy's Laboratories",
    state: 'Maharashtra',
    subscription: { kind: 'free_trial', startedDaysAgo: 4 },
  },
  {
    key: 'gurleen',
    fullName: 'Gurleen Kaur',
    email: 'gurleen.kaur@example.com',
    phone: '9815001205',
    company: 'Mankind Pharma',
    state: 'Punjab',
    subscription: { kind: 'expired', expiredDaysAgo: 6 },
  },
  {
    key: 'priya',
    fullName: 'Priya Nair',
    email: 'priya.nair@example.com',
    phone: '9811001206',
    company: 'Zydus Lifesciences',
    state: 'Delhi',
    subscription: { kind: 'none' },
  },
];

/** The accounts the start-up message offers for signing in. */
export const DEMO_LOGINS = {
  clinic: 'srinagar', // DEMO_CLINICS key
  subscribedRep: 'ravi', // DEMO_REPS keys
  unsubscribedRep: 'priya',
} as const;

/** The demo clinic's receptionist (docs/decisions/072) and its doctor's own login across his two clinics (decision 073). */
export const DEMO_TEAM = {
  reception: { name: 'Farah Reception', email: 'reception.srinagar@example.com' },
  doctor: { key: 'farooq', email: 'dr.farooq@example.com' },
} as const;

export const DEMO_ANNOUNCEMENT = 'Welcome to the RepVisit demo: the clinics, doctors and appointments you see here are sample data.';
