import { useState } from 'react';

export interface DoctorSelection {
  state: string;
  city: string;
  specialty: string;
  doctorId: number | null;
  /** The chosen doctor's name, kept with the choice: a long list shows only a page or a search of it. */
  doctorName: string;
  clinicId: number | null;
}

const EMPTY: DoctorSelection = { state: '', city: '', specialty: '', doctorId: null, doctorName: '', clinicId: null };

/** The 'Find a Doctor' cascade: choosing a level clears every level below it (spec part 2, 2.1). */
export function useDoctorSelection() {
  const [selection, setSelection] = useState<DoctorSelection>(EMPTY);
  return {
    selection,
    setState: (state: string) => setSelection({ ...EMPTY, state }),
    setCity: (city: string) => setSelection((s) => ({ ...EMPTY, state: s.state, city })),
    setSpecialty: (specialty: string) => setSelection((s) => ({ ...EMPTY, state: s.state, city: s.city, specialty })),
    setDoctor: (doctor: { id: number; name: string } | null) =>
      setSelection((s) => ({ ...s, doctorId: doctor?.id ?? null, doctorName: doctor?.name ?? '', clinicId: null })),
    setClinicId: (clinicId: number | null) => setSelection((s) => ({ ...s, clinicId })),
  };
}
