// Query keys of planned absences (decision 040); a leaf any domain may import (docs/decisions/066).
export const leaveKeys = {
  /** the list and the previews */
  leave: (clinicId: number) => ['clinic', clinicId, 'leave'] as const,
  leaveList: (clinicId: number) => ['clinic', clinicId, 'leave', 'list'] as const,
  leavePreview: (q: { clinicId: number; doctorId?: number; from: string; to: string }) =>
    ['clinic', q.clinicId, 'leave', 'preview', q.doctorId ?? 'clinic', q.from, q.to] as const,
};
