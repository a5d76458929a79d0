import type { Deps } from '../../deps';
import { defineReadCache, EVERY_ENTRY } from '../../cache/read-cache';
import { INDIAN_STATES } from '../../../shared/constants';
import type { ClinicOption, DoctorOption } from '../../../shared/schemas/booking';
import { DirectorySnapshot } from './directory-snapshot';
import { listBookableLinks, type BookableSettings } from './directory.repo';

// What other modules may use of the directory repo, through this service (ARCHITECTURE rule 16).
export { findBookableSettings } from './directory.repo';

type DirectoryDeps = Pick<Deps, 'db'>;

/**
 * The bookable links change only when clinics edit doctors or call settings (or an account changes), and
 * there are a few thousand of them: each instance reads them all in one query into one snapshot and answers
 * every step of the cascade from memory, until a writer announces a change to a link ('link') or to what
 * the directory shows of a clinic or doctor ('directory') (docs/decisions/016-keyed-read-caches.md). One
 * entry under one key today; a snapshot per state would take the state as its key.
 */
const directoryCache = defineReadCache<'all', DirectorySnapshot>({
  name: 'directory',
  max: 1,
  keyOf: () => 'all',
  invalidatedBy: { directory: () => EVERY_ENTRY, link: () => EVERY_ENTRY },
  load: async (db) => new DirectorySnapshot(await listBookableLinks(db)),
});

const snapshot = (deps: DirectoryDeps) => directoryCache.read(deps.db, 'all');

/** All 36 states and union territories (rep registration), or only those with a bookable doctor. */
export async function listStates(deps: DirectoryDeps, o: { bookable: boolean }): Promise<string[]> {
  return o.bookable ? (await snapshot(deps)).states() : [...INDIAN_STATES];
}

export const listCities = async (deps: DirectoryDeps, o: { state: string }): Promise<string[]> => (await snapshot(deps)).cities(o.state);

export const listSpecialties = async (deps: DirectoryDeps, o: { state: string; city: string }): Promise<string[]> =>
  (await snapshot(deps)).specialties(o.state, o.city);

export const listDoctors = async (deps: DirectoryDeps, o: { state: string; city: string; specialty: string }): Promise<DoctorOption[]> =>
  (await snapshot(deps)).doctors(o.state, o.city, o.specialty);

export const listClinicsOfDoctor = async (deps: DirectoryDeps, o: { doctorId: number }): Promise<ClinicOption[]> =>
  (await snapshot(deps)).clinicsOf(o.doctorId);

/** The call settings of a bookable link with the doctor's current name; null when it is not bookable. */
export const getBookableSettings = async (deps: DirectoryDeps, o: { clinicId: number; doctorId: number }): Promise<BookableSettings | null> =>
  (await snapshot(deps)).settingsOf(o.clinicId, o.doctorId);
