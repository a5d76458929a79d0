import { decodeCursor, pageOf } from '../../db/keyset';
import type { DoctorOption } from '../../../shared/schemas/booking';
import type { PlaceDoctor } from './directory.repo';

// One partition of the bookable directory: the doctors bookable at the clinics of one place (a state and a
// city), grouped by specialty and sorted by name, for the cascade's last two lists (spec part 2, 2.1 and 7;
// docs/decisions/027-directory-partitions.md). Built once per load; each specialty sorted when first read.

const collator = new Intl.Collator('en');

/** The directory's order of names (then ids): the same for the lists, their pages and their cursors. */
export const compareText = (a: string, b: string): number => collator.compare(a, b);
const compareDoctors = (a: DoctorOption, b: DoctorOption) => compareText(a.name, b.name) || a.id - b.id;

interface SpecialtyList {
  doctors: DoctorOption[];
  /** each doctor's name in lower case, for the name search; null until the list is first asked for (then sorted) */
  folded: string[] | null;
}

export interface DoctorPageQuery {
  q?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

/** Rough bytes held per doctor (object, two strings, the lower-case copy, array slots), for the cache's byte bound. */
const BYTES_PER_DOCTOR = 120;

export class DirectoryPlace {
  private readonly bySpecialty = new Map<string, SpecialtyList>();
  readonly specialties: string[];
  /** An estimate of the memory this partition holds. */
  readonly bytes: number;

  constructor(doctors: readonly PlaceDoctor[]) {
    let bytes = 200;
    for (const d of doctors) {
      let list = this.bySpecialty.get(d.specialty);
      if (!list) this.bySpecialty.set(d.specialty, (list = { doctors: [], folded: null }));
      list.doctors.push({ id: d.id, name: d.name, specialty: d.specialty });
      bytes += BYTES_PER_DOCTOR + 4 * d.name.length;
    }
    this.specialties = [...this.bySpecialty.keys()].sort(compareText);
    this.bytes = bytes;
  }

  /** Whether the place has bookable doctors of this specialty. */
  has(specialty: string): boolean {
    return this.bySpecialty.has(specialty);
  }

  /**
   * One page of the doctors of a specialty, in name order, those whose name holds `q` (any case) when given:
   * the page after `cursor` (the last doctor of the previous page), and the cursor of the next page, null on
   * the last. A cursor that does not hold a name and an id is refused (`invalid_cursor`, a 400).
   */
  page(specialty: string, o: DoctorPageQuery): { doctors: DoctorOption[]; nextCursor: string | null } {
    const list = this.bySpecialty.get(specialty);
    if (!list) return { doctors: [], nextCursor: null };
    const folded = sortOnce(list);
    let start = 0;
    if (o.cursor) {
      const [name, id] = decodeCursor(o.cursor, ['string', 'number'] as const);
      start = firstAfter(list.doctors, { id, name, specialty });
    }
    const needle = o.q?.trim().toLowerCase() ?? '';
    const found: DoctorOption[] = [];
    for (let i = start; i < list.doctors.length && found.length <= o.limit; i++) {
      if (needle === '' || folded[i]!.includes(needle)) found.push(list.doctors[i]!);
    }
    const { items, nextCursor } = pageOf(found, o.limit, (d) => [d.name, d.id]);
    return { doctors: items, nextCursor };
  }
}

/**
 * Sorts a specialty's list on first use: a load sorts nothing, and a rep's question sorts one specialty (a few
 * thousand doctors in the largest place), not the whole place. Answers the lower-case names.
 */
function sortOnce(list: SpecialtyList): string[] {
  if (list.folded) return list.folded;
  list.doctors.sort(compareDoctors);
  list.folded = list.doctors.map((d) => d.name.toLowerCase());
  return list.folded;
}

/** The index of the first doctor after `last` in the sorted list (binary search). */
function firstAfter(sorted: readonly DoctorOption[], last: DoctorOption): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareDoctors(sorted[mid]!, last) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
