import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOCATION_NOT_FOUND, readLocation } from '../../../platform/config/locations';
import {
  SLOT_MINUTES,
  availabilityStreamName,
  practiceDay,
  scheduleStreamName,
  type ClosureResult,
  type DaySlotsResult,
  type EventMetadata,
  type SessionUser,
  type WeeklySchedule,
} from '@studio/contracts';
import type { UserDoc } from '../../accounts/users';
import { randomUUID } from 'node:crypto';
import { ForbiddenError, ValidationError } from '../../../platform/common/errors';
import { readState } from '../../../platform/event-store/command-handler';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { type Ports } from '../../../platform/kernel/ports';
import { UsersService } from '../../accounts/users';
import { availabilityDecider, inWorkingHours } from './availability.decider';
import { AddClosure, SetDaySlots, SetWeeklySchedule } from './availability.commands';
import { closedOn, scheduleDecider, type DoctorSchedule } from './schedule.decider';
import { weeklySchedulesReadModel } from './read-models';

const DAY_MS = 86_400_000;
/** how far ahead the rolling schedule keeps the calendar open: the default booking horizon of a visit type */
export const ROLLING_HORIZON_DAYS = 60;
const ROLL_EVERY_MS = 6 * 3_600_000;
const FIRST_ROLL_AFTER_MS = 10_000;

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const daysFrom = (from: string, to: string) => {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
};
/** Monday 0 … Sunday 6 */
const weekday = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const startOf = (day: string, minute: number) => `${day}T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00Z`;

/**
 * The availability tools: weekly schedule, whole day, copy of a week, closures. Each writes the slot events of the
 * toggles, one append per doctor-day (SetDaySlots), decided again on a busy day: its decision is per slot.
 */
@Injectable()
export class AvailabilityToolsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AvailabilityTools');
  private timer: NodeJS.Timeout | undefined;
  private firstRun: NodeJS.Timeout | undefined;

  private readonly readModels: Ports['readModels'];

  constructor(
    private readonly kernel: KernelPorts,
    private readonly users: UsersService,
  ) {
    this.readModels = kernel.readModels;
  }

  onApplicationBootstrap(): void {
    if (this.kernel.config.holdSweepSeconds === 0) return; // tests (and a process told not to sweep) roll on demand
    const roll = () => void this.rollIfHolder().catch((e: unknown) => this.logger.warn(`orario settimanale non applicato: ${String(e)}`));
    // the first run once the read models are up (a fresh data directory builds them at start)
    this.firstRun = setTimeout(roll, FIRST_ROLL_AFTER_MS);
    this.firstRun.unref();
    this.timer = setInterval(roll, ROLL_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearTimeout(this.firstRun);
    clearInterval(this.timer);
  }

  /** the doctor themself or an administrator */
  private async authorise(user: SessionUser, doctorId: string): Promise<UserDoc> {
    if (user.role === 'doctor' && user.id !== doctorId) throw new ForbiddenError('Puoi modificare solo il tuo calendario.');
    if (user.role !== 'doctor' && user.role !== 'admin') throw new ForbiddenError();
    return this.users.getDoctor(doctorId);
  }

  /** the schedule with its closures, folded from its stream: the fresh state that applying it decides from */
  private async scheduleOf(doctorId: string): Promise<DoctorSchedule> {
    return (await readState(this.kernel.eventStore, scheduleStreamName(doctorId), scheduleDecider)).state;
  }

  /** the starts of a day's slots inside the doctor's working hours */
  private slotsOfDay(doctor: UserDoc, day: string): string[] {
    const starts: string[] = [];
    for (let m = 0; m < 24 * 60; m += SLOT_MINUTES) {
      const start = startOf(day, m);
      if (inWorkingHours(new Date(start), { startHour: doctor.startHour, endHour: doctor.endHour })) starts.push(start);
    }
    return starts;
  }

  /** one day's slots made open or closed, in one append */
  private async setDay(doctor: UserDoc, day: string, open: string[], close: string[], metadata: EventMetadata): Promise<DaySlotsResult> {
    const result = await this.kernel.commands.execute(
      new SetDaySlots(
        availabilityStreamName(doctor.id, day),
        {
          type: 'SetDaySlots',
          doctorId: doctor.id,
          day,
          open,
          close,
          workingHours: { startHour: doctor.startHour, endHour: doctor.endHour },
          now: this.kernel.clock.now().toISOString(),
          timeZone: this.kernel.config.practiceTimeZone,
        },
        metadata,
      ),
    );
    const opened = result.events.filter((e) => e.type === 'SlotOpened').length;
    return { opened, closed: result.events.length - opened, days: result.events.length > 0 ? 1 : 0 };
  }

  private static sum(results: DaySlotsResult[]): DaySlotsResult {
    return results.reduce((a, r) => ({ opened: a.opened + r.opened, closed: a.closed + r.closed, days: a.days + r.days }), { opened: 0, closed: 0, days: 0 });
  }

  async getSchedule(user: SessionUser, doctorId: string): Promise<{ days: WeeklySchedule | null }> {
    await this.authorise(user, doctorId);
    return { days: await this.shownSchedule(doctorId) };
  }

  /** the weekly schedule as the weekly_schedules read model holds it: what the doctor's page shows */
  private async shownSchedule(doctorId: string): Promise<WeeklySchedule | null> {
    return (await weeklySchedulesReadModel.get(this.readModels, doctorId))?.doc.days ?? null;
  }

  async setSchedule(user: SessionUser, doctorId: string, days: WeeklySchedule, metadata: EventMetadata): Promise<{ days: WeeklySchedule | null }> {
    await this.authorise(user, doctorId);
    // each block's location must be one of the practice's
    for (const locationId of new Set(days.flat().flatMap((r) => (r.locationId ? [r.locationId] : []))))
      if (!(await readLocation(this.kernel.readModels, locationId))) throw new ValidationError(LOCATION_NOT_FOUND, 'sede_non_trovata');
    const { position } = await this.kernel.commands.execute(
      new SetWeeklySchedule(scheduleStreamName(doctorId), { type: 'SetWeeklySchedule', doctorId, days }, metadata),
    );
    // read-your-writes: the answer is the read model's, once it holds the new schedule
    if (position) await this.kernel.changes.waitFor(position);
    return { days: await this.shownSchedule(doctorId) };
  }

  /** the weekly schedule becomes the slots of [from, to]: open in its ranges, closed outside; closures stay closed */
  async applySchedule(user: SessionUser, doctorId: string, from: string, to: string, metadata: EventMetadata): Promise<DaySlotsResult> {
    const doctor = await this.authorise(user, doctorId);
    return this.apply(doctor, await this.scheduleOf(doctorId), daysFrom(from, to), metadata);
  }

  private async apply(doctor: UserDoc, schedule: DoctorSchedule, days: string[], metadata: EventMetadata): Promise<DaySlotsResult> {
    const { days: week } = schedule;
    if (!week) return { opened: 0, closed: 0, days: 0 };
    const results: DaySlotsResult[] = [];
    for (const day of days) {
      const all = this.slotsOfDay(doctor, day);
      const ranges = closedOn(schedule, day) ? [] : week[weekday(day)];
      const inRange = (start: string) => {
        const minute = minutesOf(start.slice(11, 16));
        return ranges.some((r) => minutesOf(r.from) <= minute && minute + SLOT_MINUTES <= minutesOf(r.to));
      };
      results.push(
        await this.setDay(
          doctor,
          day,
          all.filter((s) => inRange(s)),
          all.filter((s) => !inRange(s)),
          metadata,
        ),
      );
    }
    return AvailabilityToolsService.sum(results);
  }

  /** "apri tutta la giornata" / "chiudi tutta la giornata": every slot of the working hours */
  async wholeDay(user: SessionUser, doctorId: string, day: string, action: 'open' | 'close', metadata: EventMetadata): Promise<DaySlotsResult> {
    const doctor = await this.authorise(user, doctorId);
    const all = this.slotsOfDay(doctor, day);
    return this.setDay(doctor, day, action === 'open' ? all : [], action === 'close' ? all : [], metadata);
  }

  /** the week from `from` (a Monday) onto each of the next `weeks`: open where it is open, held or booked; closed elsewhere */
  async copyWeek(user: SessionUser, doctorId: string, from: string, weeks: number, metadata: EventMetadata): Promise<DaySlotsResult> {
    const doctor = await this.authorise(user, doctorId);
    const results: DaySlotsResult[] = [];
    for (let i = 0; i < 7; i++) {
      const source = addDays(from, i);
      const { state } = await readState(this.kernel.eventStore, availabilityStreamName(doctorId, source), availabilityDecider);
      const openAt = new Set(
        Object.entries(state.slots)
          .filter(([, s]) => s.status !== 'unavailable')
          .map(([start]) => start.slice(11)),
      );
      for (let w = 1; w <= weeks; w++) {
        const day = addDays(source, 7 * w);
        const all = this.slotsOfDay(doctor, day);
        results.push(
          await this.setDay(
            doctor,
            day,
            all.filter((s) => openAt.has(s.slice(11))),
            all.filter((s) => !openAt.has(s.slice(11))),
            metadata,
          ),
        );
      }
    }
    return AvailabilityToolsService.sum(results);
  }

  /**
   * a holiday or an absence: recorded, its days closed. The bookings inside stay (the practice moves or cancels them):
   * the booking feature, which uses this one, lists them in the answer (ClosuresController).
   */
  async addClosure(
    user: SessionUser,
    doctorId: string,
    from: string,
    to: string,
    reason: string,
    metadata: EventMetadata,
  ): Promise<Omit<ClosureResult, 'bookings'>> {
    const doctor = await this.authorise(user, doctorId);
    const closureId = randomUUID();
    await this.kernel.commands.execute(new AddClosure(scheduleStreamName(doctorId), { type: 'AddClosure', doctorId, closureId, from, to, reason }, metadata));
    const results: DaySlotsResult[] = [];
    for (const day of daysFrom(from, to)) results.push(await this.setDay(doctor, day, [], this.slotsOfDay(doctor, day), metadata));
    return { ...AvailabilityToolsService.sum(results), closureId };
  }

  /**
   * The rolling job: for every doctor with a weekly schedule, the days up to the horizon that nobody has touched yet
   * (no event on their stream) get the schedule. A day the doctor changed by hand, or closed, is left as it is.
   */
  /** one run of the periodic job, on one instance at a time: null when another instance holds the job */
  async rollIfHolder(): Promise<DaySlotsResult | null> {
    return (await this.kernel.jobs.holds('calendar-roll')) ? this.rollForward() : null;
  }

  async rollForward(): Promise<DaySlotsResult> {
    const today = practiceDay(this.kernel.clock.now(), this.kernel.config.practiceTimeZone);
    const days = daysFrom(today, addDays(today, ROLLING_HORIZON_DAYS));
    const results: DaySlotsResult[] = [];
    for (const summary of await this.users.listDoctors()) {
      const schedule = await this.scheduleOf(summary.id);
      if (!schedule.days) continue;
      const doctor = await this.users.getDoctor(summary.id);
      const untouched: string[] = [];
      for (const day of days) {
        const { revision } = await readState(this.kernel.eventStore, availabilityStreamName(doctor.id, day), availabilityDecider);
        if (revision === null) untouched.push(day);
      }
      const correlationId = randomUUID();
      const metadata: EventMetadata = {
        userId: 'system',
        role: 'system',
        at: this.kernel.clock.now().toISOString(),
        correlationId,
        causationId: correlationId,
      };
      results.push(await this.apply(doctor, schedule, untouched, metadata));
    }
    return AvailabilityToolsService.sum(results);
  }
}
