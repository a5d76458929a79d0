// Query keys of the clinic's doctors. Values unchanged from the clinic dashboard's former clinic-query-keys.ts, so
// cached data and invalidation keep working; a leaf any domain may import (docs/decisions/066).
export const doctorsKeys = {
  doctors: (clinicId: number) => ['clinic', clinicId, 'doctors'] as const,
  availableDoctors: (clinicId: number) => ['clinic', clinicId, 'available-doctors'] as const,
};
