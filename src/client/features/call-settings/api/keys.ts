// Query keys of a doctor's call settings at a clinic; a leaf any domain may import (docs/decisions/066).
export const callSettingsKeys = {
  settings: (clinicId: number, doctorId: number) => ['clinic', clinicId, 'settings', doctorId] as const,
};
