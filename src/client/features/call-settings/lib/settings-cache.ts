import { parseDoctorSettings, type DoctorSettings } from '../../../../shared/schemas/clinic';

// spec part 1, 3 and 9: call settings are also cached on the device per clinic and doctor, and shown from
// the cache while the server answers. Any stored spelling is read (snake_case, days as a JSON string).

const key = (clinicId: number, doctorId: number) => `clinicSettings_${clinicId}_${doctorId}`;

export function readCachedSettings(clinicId: number, doctorId: number): DoctorSettings | null {
  try {
    const raw = localStorage.getItem(key(clinicId, doctorId));
    return raw ? parseDoctorSettings(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

export function writeCachedSettings(settings: DoctorSettings): void {
  try {
    localStorage.setItem(key(settings.clinicId, settings.doctorId), JSON.stringify(settings));
  } catch {
    /* a full or blocked storage only loses the cache */
  }
}

export function forgetCachedSettings(clinicId: number, doctorId: number): void {
  try {
    localStorage.removeItem(key(clinicId, doctorId));
  } catch {
    /* nothing to do */
  }
}
