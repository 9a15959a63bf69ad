import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  availabilityStreamName,
  externalCalendarStreamName,
  practiceDay,
  type EventMetadata,
  type ExternalCalendarRequest,
  type ExternalCalendarSyncResult,
  type ExternalCalendarView,
  type SessionUser,
  STREAM_PREFIX,
  type RecordedEvent,
  type Subscription,
} from '@studio/contracts';
import { randomUUID } from 'node:crypto';
import { AppError, ForbiddenError } from '../../../platform/common/errors';
import { checkOutboundUrl } from '../../../platform/http/outbound-guard';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { startReactor } from '../../../platform/kernel/reactor';
import { UsersService } from '../../accounts/users';
import { availabilitySlotsReadModel, SyncExternalBusy } from '../availability';
import { bookingsReadModel } from '../booking';
import { busySlotsByDay, busyTimes, type BusyTime } from './busy-time';
import { ExternalCalendarUnavailable, openCalendar, syncCalendar, type CalendarCache, type CalendarConnection, type CalendarSync } from './caldav-calendar';
import {
  ConnectExternalCalendar,
  DisconnectExternalCalendar,
  RecordExternalCalendarSync,
  RecordExternalCalendarSyncFailure,
} from './external-calendar.commands';
import { externalCalendarsReadModel } from './read-models';
import { CALDAV_URL_MESSAGES, conflictsOf, daysToDecide, visitWrites } from './sync-plan';

const DAY_MS = 86_400_000;
/** what the sync keeps beside the calendar's objects: the slots they cover in a window, and the last outcome recorded */
type SyncCache = CalendarCache & {
  covered?: { window: string; busyTimes: number; byDay: Map<string, string[]> };
  recorded?: string;
};

/** the periodic sync's lease: one instance at a time syncs every calendar */
export const SYNC_JOB = 'external-calendar-sync';
/** the booking events that change what the doctor's calendar should hold */
const VISIT_CHANGES = new Set(['BookingConfirmed', 'BookingCancelled', 'BookingRescheduled']);

/** a connection that could not be made or read: 422 at connect time, 502 on a sync (the server behind us failed) */
class CalendarNotReachable extends AppError {
  constructor(status: 422 | 502, reason: string) {
    super(status, 'calendario_esterno_non_raggiungibile', reason);
  }
}

/**
 * A doctor's external calendar over CalDAV (RFC 4791): connected only after a successful sign-in, the connection sealed
 * with the doctor's key. Each sync reads the next days' events (recurrences and zones expanded), closes the slots they
 * cover as busy and reopens those they no longer cover, one append per doctor-day that differs (SyncExternalBusy,
 * idempotent); a held or booked slot is never taken, it is reported to the doctor as a conflict. A server that fails
 * leaves the slots as the last sync left them, and the doctor is told. Each instance remembers what it last read of
 * each calendar (CalendarCache): an unchanged calendar costs one request and appends nothing.
 */
@Injectable()
export class ExternalCalendarService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Calendario esterno');
  private timer: NodeJS.Timeout | undefined;
  private reactor?: Subscription;
  /** one sync at a time per doctor: a click on "sincronizza ora" during the timer's sync waits for it */
  private readonly running = new Map<string, Promise<ExternalCalendarSyncResult>>();
  /** what this instance last read of each doctor's calendar */
  private readonly caches = new Map<string, SyncCache>();
  /** when this instance last read each calendar, changed or not (an unchanged read appends nothing) */
  private readonly checkedAt = new Map<string, string>();
  private syncingAll: Promise<void> | undefined;
  /** how the CalDAV requests go out; a test counts them through it */
  caldavFetch: typeof fetch = (input, init) => fetch(input, init);
  /** how the last sync of each doctor read the calendar (for tests and the bench) */
  readonly lastRead = new Map<string, Pick<CalendarSync, 'mode' | 'fetched'>>();

  constructor(
    private readonly kernel: KernelPorts,
    private readonly users: UsersService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // a visit confirmed, moved or cancelled reaches the doctor's calendar at once; a sync that fails is repaired by the next
    this.reactor = await startReactor(
      { appDb: this.kernel.appDb, eventStore: this.kernel.eventStore },
      'external-calendar-visits',
      [STREAM_PREFIX.booking],
      (event) => this.visitChanged(event),
      (e) => this.logger.warn(`calendario esterno non aggiornato: ${String(e)}`),
    );
    const minutes = this.kernel.config.externalCalendar.syncMinutes;
    // tests (and a process told not to sweep) sync on demand
    if (minutes === 0 || this.kernel.config.holdSweepSeconds === 0) return;
    this.timer = setInterval(() => void this.syncAllIfHolder(), minutes * 60_000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.reactor?.close();
  }

  /** a booking event: the doctor's calendar made to hold their confirmed visits (public for the tests of the lease) */
  async visitChanged(event: RecordedEvent): Promise<void> {
    if (!VISIT_CHANGES.has(event.type)) return;
    // every instance runs this reactor: the one that syncs the calendars writes the visit (with the calendar it has
    // already read); with none holding the lease now, the next periodic sync writes it
    if (!(await this.kernel.jobs.holds(SYNC_JOB))) return;
    await this.kernel.changes.waitFor(event.position);
    const doctorId = (await bookingsReadModel.get(this.kernel.readModels, (event.data as { bookingId: string }).bookingId))?.doc.doctorId;
    if (!doctorId || !(await externalCalendarsReadModel.get(this.kernel.readModels, doctorId))?.doc.connection) return;
    await this.syncOnce(doctorId).catch((e: unknown) => this.logger.warn(`calendario esterno non aggiornato: ${String(e)}`));
  }

  /** the doctor themself or an administrator */
  private async authorise(user: SessionUser, doctorId: string): Promise<void> {
    if (user.role === 'doctor' && user.id !== doctorId) throw new ForbiddenError('Puoi collegare solo il tuo calendario.');
    if (user.role !== 'doctor' && user.role !== 'admin') throw new ForbiddenError();
    await this.users.getDoctor(doctorId);
  }

  private metadata(): EventMetadata {
    const id = randomUUID();
    return { userId: 'system', role: 'system', at: this.kernel.clock.now().toISOString(), correlationId: id, causationId: id };
  }

  private async connectionOf(doctorId: string): Promise<CalendarConnection | null> {
    const sealed = (await externalCalendarsReadModel.get(this.kernel.readModels, doctorId))?.doc.connection;
    return sealed ? this.kernel.personalData.open<CalendarConnection>(sealed) : null;
  }

  async view(user: SessionUser, doctorId: string): Promise<ExternalCalendarView> {
    await this.authorise(user, doctorId);
    const doc = (await externalCalendarsReadModel.get(this.kernel.readModels, doctorId))?.doc;
    const connection = await this.connectionOf(doctorId);
    return {
      connected: connection !== null,
      url: connection?.url ?? null,
      username: connection?.username ?? null,
      lastSyncAt: connection ? this.lastSyncAt(doctorId, doc?.lastSyncAt ?? null) : null,
      lastError: connection ? (doc?.lastError ?? null) : null,
      busyTimes: connection ? (doc?.busyTimes ?? 0) : 0,
      conflicts: connection ? (doc?.conflicts ?? []) : [],
      intervalMinutes: this.kernel.config.externalCalendar.syncMinutes,
    };
  }

  /** the later of the last recorded sync and this instance's last read that found nothing to record */
  private lastSyncAt(doctorId: string, recorded: string | null): string | null {
    const checked = this.checkedAt.get(doctorId) ?? null;
    return recorded && checked ? (recorded > checked ? recorded : checked) : (recorded ?? checked);
  }

  /** tries the sign-in first: kept only when the calendar answers (422 with the reason otherwise); then a first sync */
  async connect(user: SessionUser, doctorId: string, input: ExternalCalendarRequest, metadata: EventMetadata): Promise<ExternalCalendarView> {
    await this.authorise(user, doctorId);
    await checkOutboundUrl(input.url, this.kernel.config.externalCalendar.allowedOrigins, CALDAV_URL_MESSAGES);
    let calendarUrl: string;
    try {
      calendarUrl = (await openCalendar(input)).calendar.url;
    } catch (error) {
      if (error instanceof ExternalCalendarUnavailable) throw new CalendarNotReachable(422, error.reason);
      throw error;
    }
    const connection = await this.kernel.personalData.seal(doctorId, { ...input, calendarUrl } satisfies CalendarConnection);
    await this.run(
      new ConnectExternalCalendar(externalCalendarStreamName(doctorId), { type: 'ConnectExternalCalendar', doctorId, connection, by: user.id }, metadata),
    );
    // a new connection is read from the start, and its first sync recorded
    this.caches.delete(doctorId);
    await this.syncOnce(doctorId).catch(() => undefined);
    return this.view(user, doctorId);
  }

  /** forgets the connection and gives back every slot it kept busy */
  async disconnect(user: SessionUser, doctorId: string, metadata: EventMetadata): Promise<ExternalCalendarView> {
    await this.authorise(user, doctorId);
    await this.run(
      new DisconnectExternalCalendar(externalCalendarStreamName(doctorId), { type: 'DisconnectExternalCalendar', doctorId, by: user.id }, metadata),
    );
    this.caches.delete(doctorId);
    this.checkedAt.delete(doctorId);
    await this.applyBusy(doctorId, null, metadata);
    return this.view(user, doctorId);
  }

  /** "sincronizza ora": 200 with what changed, 502 with the reason when the calendar cannot be read */
  async syncNow(user: SessionUser, doctorId: string): Promise<ExternalCalendarSyncResult> {
    await this.authorise(user, doctorId);
    if (!(await this.connectionOf(doctorId)))
      throw new AppError(409, 'calendario_non_collegato', 'Nessun calendario esterno collegato: collegalo prima di sincronizzare.');
    try {
      return await this.syncOnce(doctorId);
    } catch (error) {
      if (error instanceof ExternalCalendarUnavailable) throw new CalendarNotReachable(502, error.reason);
      throw error;
    }
  }

  /**
   * The timer's tick: every connected calendar, on the one instance that holds the job's lease (the others ask again at
   * their next tick, and take over when the holder is gone); a tick while the last one still runs does nothing.
   * "Sincronizza ora" and the visits' reaction sync at once wherever they arrive. True when this instance synced.
   */
  async syncAllIfHolder(): Promise<boolean> {
    if (this.syncingAll) return false;
    try {
      if (!(await this.kernel.jobs.holds(SYNC_JOB))) return false;
      this.syncingAll = this.syncAll();
      await this.syncingAll;
      return true;
    } catch (e) {
      this.logger.warn(`sincronizzazione periodica non riuscita: ${String(e)}`);
      return false;
    } finally {
      this.syncingAll = undefined;
    }
  }

  /** every connected calendar, one after the other */
  async syncAll(): Promise<void> {
    const docs = await externalCalendarsReadModel.find(this.kernel.readModels, { connected: 'yes' });
    for (const { id } of docs) await this.syncOnce(id).catch((e: unknown) => this.logger.warn(`sincronizzazione non riuscita per un medico: ${String(e)}`));
  }

  /** forgets what this instance read of the doctor's calendar: the next sync reads it whole (as a new instance would) */
  forgetRead(doctorId: string): void {
    this.caches.delete(doctorId);
  }

  syncOnce(doctorId: string): Promise<ExternalCalendarSyncResult> {
    const running = this.running.get(doctorId);
    if (running) return running;
    const sync = this.sync(doctorId).finally(() => this.running.delete(doctorId));
    this.running.set(doctorId, sync);
    return sync;
  }

  /** the days a sync covers: from the practice's today, as many as configured */
  private days(): string[] {
    const today = practiceDay(this.kernel.clock.now(), this.kernel.config.practiceTimeZone);
    const first = Date.parse(`${today}T00:00:00Z`);
    return Array.from({ length: this.kernel.config.externalCalendar.days }, (_, i) => new Date(first + i * DAY_MS).toISOString().slice(0, 10));
  }

  private async sync(doctorId: string): Promise<ExternalCalendarSyncResult> {
    const connection = await this.connectionOf(doctorId);
    if (!connection) return { closed: 0, reopened: 0, busyTimes: 0, conflicts: [], written: 0, removed: 0 };
    const metadata = this.metadata();
    const stream = externalCalendarStreamName(doctorId);
    const days = this.days();
    const timeZone = this.kernel.config.practiceTimeZone;
    // a day of margin either side: a practice day starts before or after UTC's
    const from = new Date(Date.parse(`${days[0]}T00:00:00Z`) - DAY_MS);
    const to = new Date(Date.parse(`${days[days.length - 1]}T00:00:00Z`) + 2 * DAY_MS);
    const visits = await this.confirmedVisits(doctorId, days);
    let read: CalendarSync;
    try {
      await checkOutboundUrl(connection.calendarUrl, this.kernel.config.externalCalendar.allowedOrigins, CALDAV_URL_MESSAGES);
      read = await syncCalendar(
        connection,
        from,
        this.caches.get(doctorId),
        (objects) => visitWrites(objects, visits, this.kernel.config.practiceTimeZone, this.kernel.clock.now()),
        this.caldavFetch,
      );
    } catch (error) {
      // what was remembered may be half updated: the next sync reads everything again
      this.caches.delete(doctorId);
      const reason =
        error instanceof ExternalCalendarUnavailable ? error.reason : error instanceof AppError ? error.message : 'Il calendario esterno non si può leggere.';
      const at = this.kernel.clock.now().toISOString();
      await this.run(new RecordExternalCalendarSyncFailure(stream, { type: 'RecordSyncFailure', doctorId, at, reason }, metadata));
      throw error instanceof ExternalCalendarUnavailable ? error : new ExternalCalendarUnavailable(reason);
    }
    const cache: SyncCache = read.cache;
    this.caches.set(doctorId, cache);
    this.lastRead.set(doctorId, { mode: read.mode, fetched: read.fetched });
    // an unchanged calendar in the same window covers the same slots (this app's own visits written meanwhile never count)
    const window = `${from.getTime()}/${to.getTime()}`;
    if (read.mode !== 'unchanged' || cache.covered?.window !== window) {
      const times = this.busyOf(cache, from.getTime(), to.getTime());
      cache.covered = { window, busyTimes: times.length, byDay: busySlotsByDay(times, timeZone) };
    }
    const { byDay } = cache.covered;
    const wanted = new Map(days.map((day) => [day, byDay.get(day) ?? []]));
    const slots = await this.slotsOf(doctorId, days);
    const { closed, reopened } = await this.applyBusy(
      doctorId,
      daysToDecide(wanted, slots, this.kernel.clock.now(), this.kernel.config.practiceTimeZone),
      metadata,
    );
    const conflicts = conflictsOf(wanted, slots);
    const result = { closed, reopened, busyTimes: cache.covered.busyTimes, conflicts, written: read.written, removed: read.removed };
    const at = this.kernel.clock.now().toISOString();
    // the same outcome as the last one recorded from the same calendar version: nothing to append (the decider agrees)
    const outcome = JSON.stringify([cache.ctag, result.busyTimes, conflicts]);
    const unchanged = closed === 0 && reopened === 0 && read.written === 0 && read.removed === 0 && cache.recorded === outcome;
    if (!unchanged) {
      await this.run(new RecordExternalCalendarSync(stream, { type: 'RecordSync', sync: { doctorId, at, ctag: cache.ctag, ...result } }, metadata));
      cache.recorded = outcome;
    }
    this.checkedAt.set(doctorId, at);
    return result;
  }

  /**
   * The busy times of the calendar's objects in [from, to), each object expanded once per window: a sync of an
   * unchanged calendar, or of one where a few objects changed, parses only those. An object that cannot be read is
   * left out (and said in the log) rather than stopping every other one.
   */
  private busyOf(cache: CalendarCache, from: number, to: number): BusyTime[] {
    const window = `${from}/${to}`;
    const timeZone = this.kernel.config.practiceTimeZone;
    const busy: BusyTime[] = [];
    for (const object of cache.objects.values()) {
      if (object.busy?.window !== window) {
        let times: BusyTime[] = [];
        try {
          times = busyTimes([object.data], from, to, timeZone);
        } catch (e) {
          this.logger.warn(`un evento del calendario esterno non si legge ed è ignorato: ${String(e)}`);
        }
        object.busy = { window, times };
      }
      busy.push(...object.busy.times);
    }
    return busy.sort((a, b) => a.start - b.start);
  }

  /** the doctor's slots on the synced days, as the calendar shows them */
  private async slotsOf(doctorId: string, days: string[]) {
    const slots = await availabilitySlotsReadModel.find(this.kernel.readModels, {
      doctor_id: doctorId,
      start: { gte: `${days[0]}T00:00:00Z`, lt: `${days[days.length - 1]}T23:59:59Z` },
    });
    return slots.map((s) => s.doc);
  }

  /** the doctor's confirmed visits on the synced days: what the external calendar should hold of ours */
  private async confirmedVisits(doctorId: string, days: string[]) {
    const docs = await bookingsReadModel.find(this.kernel.readModels, { doctor_id: doctorId, status: 'confirmed' });
    const first = `${days[0]}T00:00:00Z`;
    const last = `${days[days.length - 1]}T23:59:59Z`;
    return docs.map((b) => b.doc).filter((b) => b.start >= first && b.start <= last);
  }

  /** one append per day given that changes; `null`: every day the external calendar keeps busy is given back */
  private async applyBusy(doctorId: string, byDay: Map<string, string[]> | null, metadata: EventMetadata): Promise<{ closed: number; reopened: number }> {
    const days = byDay ? [...byDay.keys()] : await this.busyDays(doctorId);
    let closed = 0;
    let reopened = 0;
    let last = 0;
    for (const day of days) {
      const result = await this.kernel.commands.execute(
        new SyncExternalBusy(
          availabilityStreamName(doctorId, day),
          {
            type: 'SyncExternalBusy',
            doctorId,
            day,
            busy: byDay?.get(day) ?? [],
            now: this.kernel.clock.now().toISOString(),
            timeZone: this.kernel.config.practiceTimeZone,
          },
          metadata,
        ),
      );
      closed += result.events.filter((e) => e.type === 'SlotBusyExternally').length;
      reopened += result.events.filter((e) => e.type === 'SlotExternalBusyEnded').length;
      if (result.position) last = result.position;
    }
    // the doctor's calendar shows the sync's outcome once it answers
    if (last) await this.kernel.changes.waitFor(last);
    return { closed, reopened };
  }

  /** the days on which this doctor has slots kept busy by the external calendar */
  private async busyDays(doctorId: string): Promise<string[]> {
    const slots = await availabilitySlotsReadModel.find(this.kernel.readModels, { doctor_id: doctorId });
    return [...new Set(slots.filter((s) => s.doc.status === 'busy').map((s) => s.doc.start.slice(0, 10)))].sort();
  }

  private async run(
    command: ConnectExternalCalendar | DisconnectExternalCalendar | RecordExternalCalendarSync | RecordExternalCalendarSyncFailure,
  ): Promise<void> {
    const { position } = await this.kernel.commands.execute<typeof command, { position: number | null }>(command);
    if (position) await this.kernel.changes.waitFor(position);
  }
}
