import { Injectable } from '@nestjs/common';
import { practiceDay } from '@studio/contracts';
import { readDoctorProfile, readPracticeIdentity } from '../../../platform/config/practice-settings';
import { readLocations } from '../../../platform/config/locations';
import { weeklySchedulesReadModel } from '../availability';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { UsersService, isActive } from '../../accounts/users';
import { BookingService } from '../booking';
import { VisitTypesService } from '../visit-types';
import { widgetScript } from './widget-script';
import { type PageFrame, type PublicDoctor, doctorPage, goneOrMissingPage, practicePage, robots, sitemap } from './public-html';

/** the free days a doctor's page looks ahead, and how many of them it lists */
export const PUBLIC_DAYS_AHEAD = 30;
const DAYS_LISTED = 7;

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export interface PublicPage {
  status: 200 | 404 | 410;
  body: string;
}

/** the pages anyone (a patient, a search engine) reads without an account: built from the read models at each request */
@Injectable()
export class PublicPagesService {
  constructor(
    private readonly kernel: KernelPorts,
    private readonly users: UsersService,
    private readonly bookings: BookingService,
    private readonly visitTypes: VisitTypesService,
  ) {}

  private async frame(): Promise<PageFrame> {
    const practice = await readPracticeIdentity({ readModels: this.kernel.readModels, config: this.kernel.config });
    return { origin: this.kernel.config.mail.publicUrl, practice };
  }

  private async publicDoctor(id: string, name: string, slug: string): Promise<PublicDoctor> {
    const from = practiceDay(this.kernel.clock.now(), this.kernel.config.practiceTimeZone);
    const to = addDays(from, PUBLIC_DAYS_AHEAD - 1);
    const [profile, visitTypes, all, week] = await Promise.all([
      readDoctorProfile({ readModels: this.kernel.readModels, config: this.kernel.config }, id),
      this.visitTypes.list(id, false),
      readLocations(this.kernel.readModels),
      weeklySchedulesReadModel.get(this.kernel.readModels, id),
    ]);
    // the locations where the weekly schedule says the doctor receives, each with its own next free days
    const used = new Set((week?.doc.days ?? []).flat().flatMap((r) => (r.locationId ? [r.locationId] : [])));
    const firstDays = (days: { date: string; free: number }[]) => days.sort((a, b) => a.date.localeCompare(b.date)).slice(0, DAYS_LISTED);
    const locations = await Promise.all(
      all
        .filter((l) => used.has(l.id))
        .map(async (location) => ({ location, freeDays: firstDays(await this.bookings.freeDays(id, from, to, undefined, location.id)) })),
    );
    const freeDays = firstDays(await this.bookings.freeDays(id, from, to));
    return { id, name, slug, profile, visitTypes, locations, freeDays };
  }

  /** 200 for an active doctor, 410 for one who was (deactivated or erased: the address is not given to anyone else), 404 otherwise */
  async doctorPage(slug: string): Promise<PublicPage> {
    const frame = await this.frame();
    const found = [...(await this.users.doctorSlugs())].find(([, s]) => s === slug);
    const user = found ? await this.users.get(found[0]) : null;
    if (!user || user.status === 'invited') return { status: 404, body: goneOrMissingPage(frame, 404) };
    if (!isActive(user)) return { status: 410, body: goneOrMissingPage(frame, 410) };
    const doctor = await this.publicDoctor(user.id, await this.users.displayName(user), slug);
    return { status: 200, body: doctorPage(frame, doctor) };
  }

  async practicePage(): Promise<string> {
    const [frame, doctors, locations] = await Promise.all([this.frame(), this.users.listDoctors(), readLocations(this.kernel.readModels)]);
    return practicePage(frame, await Promise.all(doctors.map((d) => this.publicDoctor(d.id, d.name, d.slug))), locations);
  }

  async sitemap(): Promise<string> {
    return sitemap(
      this.kernel.config.mail.publicUrl,
      (await this.users.listDoctors()).map((d) => d.slug),
    );
  }

  widgetScript(): string {
    return widgetScript(this.kernel.config.mail.publicUrl);
  }

  robots(): string {
    return robots(this.kernel.config.mail.publicUrl);
  }
}
