// One word for one count on the admin dashboard (docs/decisions/035): the stat cards (spec part 2, 2.5) and the
// Analytics tab name the same figures alike.

export const STAT_LABELS = {
  totalClinics: 'Total Clinics',
  medicalReps: 'Medical Reps',
  appointments: 'Appointments',
  activeSubscriptions: 'Active Subscriptions',
} as const;
