// Planned absences: a doctor's leave or the whole clinic closed, entered ahead (docs/decisions/040-planned-absences.md).

// What other modules may use of the absences, through this service (ARCHITECTURE rule 16).
export { listDoctorAbsences } from './absences.repo';
