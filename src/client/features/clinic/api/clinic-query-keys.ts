// Query keys of the clinic dashboard, in one place so mutations invalidate exactly what they change.
export const clinicKeys = {
  doctors: (clinicId: number) => ['clinic', clinicId, 'doctors'] as const,
  availableDoctors: (clinicId: number) => ['clinic', clinicId, 'available-doctors'] as const,
  settings: (clinicId: number, doctorId: number) => ['clinic', clinicId, 'settings', doctorId] as const,
  appointments: (clinicId: number, doctorId: number, date: string) => ['clinic', clinicId, 'appointments', doctorId, date] as const,
  allAppointments: (clinicId: number) => ['clinic', clinicId, 'appointments'] as const,
  /** every day view of one doctor at the clinic */
  doctorAppointments: (clinicId: number, doctorId: number) => ['clinic', clinicId, 'appointments', doctorId] as const,
  /** planned absences: the list and the previews (decision 040) */
  leave: (clinicId: number) => ['clinic', clinicId, 'leave'] as const,
  leaveList: (clinicId: number) => ['clinic', clinicId, 'leave', 'list'] as const,
  leavePreview: (q: { clinicId: number; doctorId?: number; from: string; to: string }) =>
    ['clinic', q.clinicId, 'leave', 'preview', q.doctorId ?? 'clinic', q.from, q.to] as const,
  preferences: ['clinic', 'preferences'] as const,
  /** the reception's check-in code (decision 041) */
  checkInCode: (clinicId: number) => ['clinic', clinicId, 'check-in-code'] as const,
  /** the Visit History: every range, and one range of one doctor (or all, 'all') */
  allVisits: (clinicId: number) => ['clinic', clinicId, 'visits'] as const,
  visits: (q: { clinicId: number; doctorId?: number; from: string; to: string }) =>
    ['clinic', q.clinicId, 'visits', q.doctorId ?? 'all', q.from, q.to] as const,
};
