import type { FastifyInstance } from 'fastify';
import { INDIAN_STATES } from '../../../shared/constants';
import type { ClinicOption, DoctorOption } from '../../../shared/schemas/booking';
import {
  listBookableCities,
  listBookableClinicsOfDoctor,
  listBookableDoctors,
  listBookableSpecialties,
  listBookableStates,
} from './directory.repo';

// What other modules may use of the directory repo, through this service (ARCHITECTURE rule 16).
export { DIRECTORY_TABLES, findBookableSettings } from './directory.repo';

type Deps = Pick<FastifyInstance, 'db'>;

/** All 36 states and union territories (rep registration), or only those with a bookable doctor. */
export async function listStates(deps: Deps, o: { bookable: boolean }): Promise<string[]> {
  return o.bookable ? listBookableStates(deps.db) : [...INDIAN_STATES];
}

export const listCities = (deps: Deps, o: { state: string }) => listBookableCities(deps.db, o.state);

export const listSpecialties = (deps: Deps, o: { state: string; city: string }) => listBookableSpecialties(deps.db, o);

export const listDoctors = (deps: Deps, o: { state: string; city: string; specialty: string }): Promise<DoctorOption[]> =>
  listBookableDoctors(deps.db, o);

export const listClinicsOfDoctor = (deps: Deps, o: { doctorId: number }): Promise<ClinicOption[]> =>
  listBookableClinicsOfDoctor(deps.db, o.doctorId);
