import { useState } from 'react';

export interface DoctorSelection {
  state: string;
  city: string;
  specialty: string;
  doctorId: number | null;
  clinicId: number | null;
}

const EMPTY: DoctorSelection = { state: '', city: '', specialty: '', doctorId: null, clinicId: null };

/** The 'Find a Doctor' cascade: choosing a level clears every level below it (spec part 2, 2.1). */
export function useDoctorSelection() {
  const [selection, setSelection] = useState<DoctorSelection>(EMPTY);
  return {
    selection,
    setState: (state: string) => setSelection({ ...EMPTY, state }),
    setCity: (city: string) => setSelection((s) => ({ ...EMPTY, state: s.state, city })),
    setSpecialty: (specialty: string) => setSelection((s) => ({ ...EMPTY, state: s.state, city: s.city, specialty })),
    setDoctorId: (doctorId: number | null) => setSelection((s) => ({ ...s, doctorId, clinicId: null })),
    setClinicId: (clinicId: number | null) => setSelection((s) => ({ ...s, clinicId })),
  };
}
