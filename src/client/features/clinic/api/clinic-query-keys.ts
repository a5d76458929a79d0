// Query keys of the clinic dashboard, in one place so mutations invalidate exactly what they change.
export const clinicKeys = {
  doctors: (clinicId: number) => ['clinic', clinicId, 'doctors'] as const,
  availableDoctors: (clinicId: number) => ['clinic', clinicId, 'available-doctors'] as const,
  settings: (clinicId: number, doctorId: number) => ['clinic', clinicId, 'settings', doctorId] as const,
  appointments: (clinicId: number, doctorId: number, date: string) => ['clinic', clinicId, 'appointments', doctorId, date] as const,
  allAppointments: (clinicId: number) => ['clinic', clinicId, 'appointments'] as const,
  preferences: ['clinic', 'preferences'] as const,
};
