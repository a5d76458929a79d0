import { and, eq, sql, type SQL } from 'drizzle-orm';
import { defineReadCache, hasChangeFeed } from '../../db/change-feed';
import type { DbOrTx } from '../../db/client';
import { clinicDoctors, clinicDoctorSettings, clinicUsers, doctors } from '../../db/schema';
import type { ClinicOption, DoctorOption } from '../../../shared/schemas/booking';

// Queries of the find-a-doctor cascade (spec part 2, 2.1 and 7). A bookable link is a doctor linked to an
// active clinic that has call settings for him with at least one available day; the cascade lists only what
// leads to one. Places are the clinic's state and city (that is where the rep goes).
//
// The bookable links change only when clinics edit doctors or call settings (or an account changes), and
// there are a few thousand of them: each instance reads them all in one query into a snapshot, answers every
// step of the cascade from memory, and reads them again after a change (issue 10, db/change-feed.ts).
// Inside a transaction (the booking's) a link's settings are read from the database.

/**
 * availableDays holds at least one `true` (it is a JSON object; anything else counts as no day). A jsonpath
 * test, ~15x cheaper than expanding the object with jsonb_each for every link (issue 10).
 */
const hasAvailableDay = sql<boolean>`(jsonb_typeof(${clinicDoctorSettings.availableDays}) = 'object'
  and ${clinicDoctorSettings.availableDays} @? '$.* ? (@ == true)'::jsonpath)`;

export const DIRECTORY_TABLES = ['clinic_users', 'doctors', 'clinic_doctors', 'clinic_doctor_settings'] as const;

export interface BookableSettings {
  doctorName: string;
  specialty: string;
  clinicName: string;
  city: string;
  state: string;
  availableDays: unknown;
  maxSlots: number;
  callFrequency: number;
}

type Link = BookableSettings & { clinicId: number; doctorId: number };

const linkColumns = {
  clinicId: clinicDoctors.clinicId,
  doctorId: clinicDoctors.doctorId,
  doctorName: doctors.name,
  specialty: doctors.specialty,
  clinicName: clinicUsers.clinicName,
  city: clinicUsers.city,
  state: clinicUsers.state,
  availableDays: clinicDoctorSettings.availableDays,
  maxSlots: clinicDoctorSettings.maxSlots,
  callFrequency: clinicDoctorSettings.callFrequency,
};

function bookableLinks(db: DbOrTx, where: Array<SQL | undefined>) {
  return db
    .select(linkColumns)
    .from(clinicDoctors)
    .innerJoin(clinicUsers, and(eq(clinicUsers.id, clinicDoctors.clinicId), eq(clinicUsers.status, 'active')))
    .innerJoin(doctors, eq(doctors.id, clinicDoctors.doctorId))
    .innerJoin(
      clinicDoctorSettings,
      and(eq(clinicDoctorSettings.clinicId, clinicDoctors.clinicId), eq(clinicDoctorSettings.doctorId, clinicDoctors.doctorId)),
    )
    .where(and(hasAvailableDay, ...where));
}

const byText = (a: string, b: string) => a.localeCompare(b);
const K = '\u0001';

/** Every bookable link, indexed for each step of the cascade; answers are computed once and shared (read-only). */
class DirectorySnapshot {
  private readonly settings = new Map<string, Link>();
  private readonly linksOfDoctor = new Map<number, Link[]>();
  private readonly memo = new Map<string, unknown>();

  constructor(private readonly links: Link[]) {
    for (const l of links) {
      this.settings.set(`${l.clinicId}${K}${l.doctorId}`, l);
      const list = this.linksOfDoctor.get(l.doctorId);
      if (list) list.push(l);
      else this.linksOfDoctor.set(l.doctorId, [l]);
    }
  }

  private once<V>(key: string, compute: () => V): V {
    if (!this.memo.has(key)) this.memo.set(key, compute());
    return this.memo.get(key) as V;
  }

  private distinct(values: Iterable<string>): string[] {
    return [...new Set(values)].sort(byText);
  }

  states(): string[] {
    return this.once('s', () => this.distinct(this.links.map((l) => l.state)));
  }

  cities(state: string): string[] {
    return this.once(`c${K}${state}`, () => this.distinct(this.links.filter((l) => l.state === state).map((l) => l.city)));
  }

  specialties(state: string, city: string): string[] {
    return this.once(`p${K}${state}${K}${city}`, () =>
      this.distinct(this.links.filter((l) => l.state === state && l.city === city).map((l) => l.specialty)),
    );
  }

  /** Each doctor once, however many clinics of the city he is bookable at. */
  doctors(state: string, city: string, specialty: string): DoctorOption[] {
    return this.once(`d${K}${state}${K}${city}${K}${specialty}`, () => {
      const found = new Map<number, DoctorOption>();
      for (const l of this.links) {
        if (l.state === state && l.city === city && l.specialty === specialty && !found.has(l.doctorId)) {
          found.set(l.doctorId, { id: l.doctorId, name: l.doctorName, specialty: l.specialty });
        }
      }
      return [...found.values()].sort((a, b) => byText(a.name, b.name) || a.id - b.id);
    });
  }

  clinicsOf(doctorId: number): ClinicOption[] {
    return this.once(`k${K}${doctorId}`, () =>
      (this.linksOfDoctor.get(doctorId) ?? [])
        .map((l) => ({ id: l.clinicId, clinic_name: l.clinicName, city: l.city, state: l.state }))
        .sort((a, b) => byText(a.clinic_name, b.clinic_name) || a.id - b.id),
    );
  }

  settingsOf(clinicId: number, doctorId: number): BookableSettings | null {
    return this.settings.get(`${clinicId}${K}${doctorId}`) ?? null;
  }
}

const snapshotCache = defineReadCache<DirectorySnapshot>({ tables: DIRECTORY_TABLES, maxEntries: 1 });
const snapshot = (db: DbOrTx) => snapshotCache.read(db, '', async () => new DirectorySnapshot((await bookableLinks(db, []))));

export const listBookableStates = async (db: DbOrTx): Promise<string[]> => (await snapshot(db)).states();

export const listBookableCities = async (db: DbOrTx, state: string): Promise<string[]> => (await snapshot(db)).cities(state);

export const listBookableSpecialties = async (db: DbOrTx, o: { state: string; city: string }): Promise<string[]> =>
  (await snapshot(db)).specialties(o.state, o.city);

export const listBookableDoctors = async (db: DbOrTx, o: { state: string; city: string; specialty: string }): Promise<DoctorOption[]> =>
  (await snapshot(db)).doctors(o.state, o.city, o.specialty);

export const listBookableClinicsOfDoctor = async (db: DbOrTx, doctorId: number): Promise<ClinicOption[]> =>
  (await snapshot(db)).clinicsOf(doctorId);

/**
 * The call settings of a bookable link, with the doctor's current name; null when the link is not bookable.
 * Inside a transaction (no change feed on a tx) it is read from the database, under the caller's locks.
 */
export async function findBookableSettings(db: DbOrTx, o: { clinicId: number; doctorId: number }): Promise<BookableSettings | null> {
  if (hasChangeFeed(db)) return (await snapshot(db)).settingsOf(o.clinicId, o.doctorId);
  const rows = (await bookableLinks(db, [eq(clinicDoctors.clinicId, o.clinicId), eq(clinicDoctors.doctorId, o.doctorId)]).limit(1)) as Link[];
  return rows[0] ?? null;
}
