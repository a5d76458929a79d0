import type { ClinicOption, DoctorOption } from '../../../shared/schemas/booking';
import type { BookableLink, BookableSettings } from './directory.repo';

// The bookable directory in memory (spec part 2, 2.1 and 7): every step of the cascade answered from one
// read of the bookable links (directory.service.ts keeps it).

const byText = (a: string, b: string) => a.localeCompare(b);
const K = '\u0001';

/** Every bookable link, indexed for each step of the cascade; answers are computed once and shared (read-only). */
export class DirectorySnapshot {
  private readonly settings = new Map<string, BookableLink>();
  private readonly linksOfDoctor = new Map<number, BookableLink[]>();
  private readonly memo = new Map<string, unknown>();

  constructor(private readonly links: BookableLink[]) {
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
    return this.once(`p${K}${state}${K}${city}`, () => this.distinct(this.links.filter((l) => l.state === state && l.city === city).map((l) => l.specialty)));
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
