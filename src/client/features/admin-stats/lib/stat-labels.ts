// One word for one count on the admin dashboard (docs/decisions/035): the stat cards (spec part 2, 2.5) and the
// Analytics tab name the same figures alike. Marked for translation, translated where shown (decision 045).

export const STAT_LABELS = {
  totalClinics: /*i18n*/ 'Total Clinics',
  medicalReps: /*i18n*/ 'Medical Reps',
  appointments: /*i18n*/ 'Appointments',
  activeSubscriptions: /*i18n*/ 'Active Subscriptions',
} as const;
