// Query keys of visits: the rep's history, the clinic's day views, check-in codes and the Visit History. A leaf that
// any domain may import to invalidate them (docs/decisions/066).
export const repVisitsKeyPrefix = ['rep', 'visits'] as const;

export const visitsKeys = {
  appointments: (clinicId: number, doctorId: number, date: string) => ['clinic', clinicId, 'appointments', doctorId, date] as const,
  allAppointments: (clinicId: number) => ['clinic', clinicId, 'appointments'] as const,
  /** every day view of one doctor at the clinic */
  doctorAppointments: (clinicId: number, doctorId: number) => ['clinic', clinicId, 'appointments', doctorId] as const,
  /** the reception's check-in code (decision 041) */
  checkInCode: (clinicId: number) => ['clinic', clinicId, 'check-in-code'] as const,
  /** the Visit History: every range, and one range of one doctor (or all, 'all') */
  allVisits: (clinicId: number) => ['clinic', clinicId, 'visits'] as const,
  visits: (q: { clinicId: number; doctorId?: number; from: string; to: string }) =>
    ['clinic', q.clinicId, 'visits', q.doctorId ?? 'all', q.from, q.to] as const,
};
