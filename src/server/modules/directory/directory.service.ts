import type { Deps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { cacheKey } from '../../cache/cache-keys';
import { defineReadCache } from '../../cache/read-cache';
import { groupRows } from '../../db/query-tools';
import { INDIAN_STATES } from '../../../shared/constants';
import type { ClinicOption, DoctorOption } from '../../../shared/schemas/booking';
import { compareText, DirectoryPlace, type DoctorPageQuery } from './directory-place';
import {
  findBookableSettings,
  findBookableSettingsOfLinks,
  listBookableClinicsOfDoctor,
  findClinicPlace,
  listBookableDoctorsOfPlace,
  listBookablePlaces,
  listClinicCities,
  listClinicStates,
  queryBookableClinicsOfDoctors,
  type BookableSettings,
  type Place,
} from './directory.repo';

type DirectoryDeps = Pick<Deps, 'db'>;

// The bookable directory, cached per key (docs/decisions/016-keyed-read-caches.md,
// docs/decisions/027-directory-partitions.md): one partition per place (state and city) for the cascade's
// specialties and doctors; the states and cities lists from the clinics' distinct states and cities (walked on
// an index) and a flag per state and per place saying whether it has a bookable doctor; a doctor's clinics per
// doctor and a link's settings per link (read by every calendar request). Each loads with one indexed query.
// A writer announces the places and links it changed (`place`, `link`); each drops only the entries of that
// place (its partition, its flag and its state's) or that link. Bounds are per instance.

const sorted = (values: string[]) => [...values].sort(compareText);
/** A place's partition key: the escaped parts of its announced key. */
const placeKeyOf = (p: Place) => cacheKey.place(p.state, p.city).slice('place:'.length);

type Area = { state: string; city?: string };
const areaKeyOf = (a: Area) => (a.city === undefined ? encodeURIComponent(a.state) : placeKeyOf({ state: a.state, city: a.city }));

/**
 * Whether a state, or a state's city, has a bookable doctor, per state and per place: a change to a place
 * drops its own flag and its state's, so the states and cities lists are re-probed one place at a time
 * (the misses of one turn in one statement). ~100 bytes an entry.
 */
const bookableCache = defineReadCache<Area, boolean>({
  name: 'directory bookable areas',
  // 723-1,405 bytes an entry on the heap (measured 2026-12-03 at 1x and 10x, scripts/measure-cache-memory.ts).
  max: 750,
  maxBytes: 2 ** 20,
  sizeOf: () => 1400,
  keyOf: areaKeyOf,
  invalidatedBy: { place: ([state, city]) => [state!, `${state}:${city}`] },
  missing: false,
  loadMany: async (db, areas) => new Map((await listBookablePlaces(db, areas)).map((a) => [areaKeyOf(a), true])),
});

/** Those of `areas` with a bookable doctor, in order. */
async function bookableOf<A extends Area>(deps: DirectoryDeps, areas: A[]): Promise<A[]> {
  const flags = await Promise.all(areas.map((a) => bookableCache.read(deps.db, a)));
  return areas.filter((_, i) => flags[i]);
}

/**
 * The partitions: `bytes` counts ~120 a doctor; measured on the heap 0.91 of that (80 KB a place at 10x, 2026-12-03,
 * scripts/measure-cache-memory.ts), so 16 MB holds ~130,000 doctors' places (the bench's 20x volume whole).
 */
const placeCache = defineReadCache<Place, DirectoryPlace>({
  name: 'directory places',
  max: 2000,
  maxBytes: 16 * 2 ** 20,
  sizeOf: (place) => place.bytes,
  keyOf: placeKeyOf,
  invalidatedBy: { place: ([state, city]) => `${state}:${city}` },
  load: async (db, p) => new DirectoryPlace(await listBookableDoctorsOfPlace(db, p)),
});

const byClinicName = (a: ClinicOption, b: ClinicOption) => compareText(a.clinic_name, b.clinic_name) || a.id - b.id;

/** A doctor's clinics, per doctor: 332-378 bytes an entry of 1.2 clinics on the heap (measured 2026-12-03 at 10x); 8 MB. */
const clinicsCache = defineReadCache<number, ClinicOption[]>({
  name: 'directory clinics of doctor',
  max: 30_000,
  maxBytes: 8 * 2 ** 20,
  sizeOf: (clinics) => 100 + 250 * clinics.length,
  keyOf: (doctorId) => String(doctorId),
  invalidatedBy: { link: ([, doctorId]) => doctorId },
  missing: [],
  loadOne: async (db, doctorId) => (await listBookableClinicsOfDoctor(db, doctorId)).sort(byClinicName),
  loadMany: async (db, doctorIds) => {
    const rows = await queryBookableClinicsOfDoctors(db, doctorIds);
    const byDoctor = groupRows(
      rows,
      (r) => String(r.doctorId),
      ({ doctorId: _d, ...clinic }) => clinic,
    );
    for (const clinics of byDoctor.values()) clinics.sort(byClinicName);
    return byDoctor;
  },
});

/** A link's call settings, per link (every calendar request reads one): ~350 bytes an entry, 50,000 (~18 MB). */
const settingsCache = defineReadCache<readonly [number, number], BookableSettings | null>({
  name: 'directory link settings',
  // 510-547 bytes an entry on the heap (two runs, 2026-12-03 at 10x, scripts/measure-cache-memory.ts): ~11,000 links.
  max: 11_000,
  maxBytes: 6 * 2 ** 20,
  sizeOf: () => 560,
  keyOf: ([clinicId, doctorId]) => `${clinicId}:${doctorId}`,
  invalidatedBy: { link: ([clinicId, doctorId]) => `${clinicId}:${doctorId}` },
  missing: null,
  loadOne: (db, [clinicId, doctorId]) => findBookableSettings(db, { clinicId, doctorId }),
  loadMany: async (db, links) => {
    const rows = await findBookableSettingsOfLinks(db, links);
    return new Map(rows.map(({ clinicId, doctorId, ...settings }) => [`${clinicId}:${doctorId}`, settings]));
  },
});

/**
 * The answers of the cascade's first two steps, kept whole (the states; a state's cities) so a request reads one
 * entry, not a flag per state or city: any change to a place drops the states and that place's state. A miss walks
 * the clinics' (state, city) index (~1 ms) and reads the flags above, mostly still held.
 */
const bookableStatesCache = defineReadCache<'states', string[]>({
  name: 'directory bookable states',
  max: 1,
  // 50-142 KB for 22 states on the heap with the answer's text (two runs, 2026-12-03 at 10x).
  maxBytes: 2 ** 18,
  sizeOf: (states) => 1000 + 6500 * states.length,
  keyOf: () => 'states',
  invalidatedBy: { place: () => 'states' },
  load: async (db) => {
    const states = await listClinicStates(db);
    return sorted(
      (
        await bookableOf(
          { db },
          states.map((state) => ({ state })),
        )
      ).map((a) => a.state),
    );
  },
});

const bookableCitiesCache = defineReadCache<string, string[]>({
  name: 'directory bookable cities',
  max: 64,
  // ~9.8 KB a state of ~2 cities on the heap (measured 2026-12-03 at 10x).
  maxBytes: 2 * 2 ** 20,
  sizeOf: (cities) => 1000 + 4700 * cities.length,
  keyOf: (state) => encodeURIComponent(state),
  invalidatedBy: { place: ([state]) => state },
  load: async (db, state) => {
    const cities = await listClinicCities(db, { state });
    return sorted(
      (
        await bookableOf(
          { db },
          cities.map((city) => ({ state, city })),
        )
      ).map((a) => a.city),
    );
  },
});

/** All 36 states and union territories (rep registration), or only those with a bookable doctor. */
export async function listStates(deps: DirectoryDeps, o: { bookable: boolean }): Promise<string[]> {
  if (!o.bookable) return [...INDIAN_STATES];
  return bookableStatesCache.read(deps.db, 'states');
}

export const listCities = (deps: DirectoryDeps, o: { state: string }): Promise<string[]> => bookableCitiesCache.read(deps.db, o.state);

export const listSpecialties = async (deps: DirectoryDeps, o: Place): Promise<string[]> => (await placeCache.read(deps.db, o)).specialties;

/** A page of the doctors of a specialty in a place, searched by name when `q` is given (spec part 2, 2.1 step 4). */
export const listDoctors = async (
  deps: DirectoryDeps,
  o: Place & DoctorPageQuery & { specialty: string },
): Promise<{ doctors: DoctorOption[]; nextCursor: string | null }> => (await placeCache.read(deps.db, o)).page(o.specialty, o);

/** A place's cached partition, for the route that writes its first pages once (directory.routes.ts). */
export const readPlace = (deps: DirectoryDeps, place: Place): Promise<DirectoryPlace> => placeCache.read(deps.db, place);

/** True when this instance holds the place's partition (tests: a change drops only the places it touched). */
export const isPlaceCached = (deps: DirectoryDeps, place: Place): boolean => placeCache.holds(deps.db, place);

/**
 * The doctor's bookable clinics; with `state` and/or `city`, only those there (spec part 2, 2.1: the clinic is
 * picked in the place chosen above it). Filtered from the doctor's cached list, which holds each clinic's state
 * and city and is dropped when a clinic moves (its links are announced): no cache entry per place.
 */
export async function listClinicsOfDoctor(deps: DirectoryDeps, o: { doctorId: number; state?: string; city?: string }): Promise<ClinicOption[]> {
  const clinics = await clinicsCache.read(deps.db, o.doctorId);
  if (o.state === undefined && o.city === undefined) return clinics;
  return clinics.filter((c) => (o.state === undefined || c.state === o.state) && (o.city === undefined || c.city === o.city));
}

/** The call settings of a bookable link with the doctor's current name; null when it is not bookable. */
export const getBookableSettings = (deps: DirectoryDeps, o: { clinicId: number; doctorId: number }): Promise<BookableSettings | null> =>
  settingsCache.read(deps.db, [o.clinicId, o.doctorId]);

/**
 * The same settings read in the caller's transaction, past the cache: a booking or a waitlist offer decides on them
 * under its day lock, where a cached copy could be a moment older than the row it locked.
 */
export const readBookableSettingsInTransaction = (tx: DbOrTx, o: { clinicId: number; doctorId: number }): Promise<BookableSettings | null> =>
  findBookableSettings(tx, o);

/** The place key of a clinic, for a writer that changed one of its links and has not read the clinic. */
export async function placeKeysOfClinic(db: DbOrTx, clinicId: number): Promise<string[]> {
  const place = await findClinicPlace(db, clinicId);
  return place ? [cacheKey.place(place.state, place.city)] : [];
}
