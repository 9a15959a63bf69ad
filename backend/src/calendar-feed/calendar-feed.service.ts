import { Injectable } from '@nestjs/common';

import { bookingStreamName, calendarFeedStreamName, type CalendarFeedView, type EventMetadata, type SessionUser } from '@studio/contracts';
import type { BookingDoc } from '../booking/bookings.projection';
import type { UserDoc } from '../users/users.projection';
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

import { NotFoundError } from '../common/errors';
import { readState } from '../event-store/command-handler';

import { readPracticeIdentity } from '../config/practice-settings';
import { feedCalendar } from '../common/calendar-file';
import { calendarFeedDecider } from './calendar-feed.decider';
import { Decide } from '../event-store/decide.command';
import { AccessLogService } from '../personal-data/access-log.service';
import { KernelPorts } from '../kernel/kernel-ports';

/** 32 random bytes, base64url: 43 characters */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const hash = (token: string) => createHash('sha256').update(token).digest();
const NOT_FOUND = 'Calendario non trovato.';

/** a booking's moves, as the emails number them: the `sequence` of its latest BookingRescheduled (0: never moved) */
const moves = {
  initialState: () => 0,
  evolve: (sequence: number, event: { type: string; data: unknown }) =>
    event.type === 'BookingRescheduled' ? (event.data as { sequence: number }).sequence : sequence,
};

@Injectable()
export class CalendarFeedService {
  constructor(
    private readonly kernel: KernelPorts,
    private readonly accessLog: AccessLogService,
  ) {}

  private url(doctorId: string, token: string): string {
    return `${this.kernel.config.mail.publicUrl}/api/calendar-feed/${encodeURIComponent(doctorId)}/${token}.ics`;
  }

  /** GET /api/me/calendar-feed (the first call makes the URL); POST …/regenerate replaces it, the old one stops working */
  async view(doctor: SessionUser, metadata: EventMetadata, regenerate = false): Promise<CalendarFeedView> {
    const stream = calendarFeedStreamName(doctor.id);
    const token = randomBytes(32).toString('base64url');
    await this.kernel.commands.execute(
      new Decide(
        stream,
        calendarFeedDecider,
        {
          type: 'Issue',
          onlyIfNone: !regenerate,
          issued: {
            doctorId: doctor.id,
            token: await this.kernel.personalData.seal(doctor.id, { token }),
            tokenHash: hash(token).toString('hex'),
            at: metadata.at,
          },
        },
        metadata,
        { onStale: 'decide-again' },
      ),
    );
    const { state } = await readState(this.kernel.eventStore, stream, calendarFeedDecider);
    const current = await this.kernel.personalData.open<{ token: string }>(state.issued!.token);
    if (!current) throw new NotFoundError(NOT_FOUND, 'calendario_non_trovato');
    return { url: this.url(doctor.id, current.token), showPatientName: state.showPatientName };
  }

  async setShowPatientName(doctor: SessionUser, showPatientName: boolean, metadata: EventMetadata): Promise<CalendarFeedView> {
    await this.kernel.commands.execute(
      new Decide(
        calendarFeedStreamName(doctor.id),
        calendarFeedDecider,
        { type: 'ChangeSettings', doctorId: doctor.id, showPatientName, at: metadata.at },
        metadata,
        { onStale: 'decide-again' },
      ),
    );
    return this.view(doctor, metadata);
  }

  /** the subscription itself: the token compared in constant time with the current one's hash; any mismatch is a 404 */
  async feed(doctorId: string, token: string): Promise<string> {
    if (!TOKEN.test(token) || doctorId.length > 100) throw new NotFoundError(NOT_FOUND, 'calendario_non_trovato');
    const { state } = await readState(this.kernel.eventStore, calendarFeedStreamName(doctorId), calendarFeedDecider);
    const expected = state.issued ? Buffer.from(state.issued.tokenHash, 'hex') : randomBytes(32);
    const ok = timingSafeEqual(hash(token), expected) && state.issued !== null;
    if (!ok) throw new NotFoundError(NOT_FOUND, 'calendario_non_trovato');
    const bookings = (await this.kernel.readModels.find<BookingDoc>('bookings', { doctor_id: doctorId, status: 'confirmed' })).map((b) => b.doc);
    const names = new Map<string, string>();
    if (state.showPatientName) {
      for (const id of new Set(bookings.map((b) => b.patientId))) {
        const user = (await this.kernel.readModels.get<UserDoc>('users', id))?.doc;
        const p = user?.personal ? await this.kernel.personalData.open<{ name: string; surname: string }>(user.personal) : null;
        if (p) names.set(id, `${p.name} ${p.surname}`);
      }
      // each patient whose name goes out is told, in their access log; one correlation groups this read
      const read = randomUUID();
      const viewer = { id: doctorId, role: 'doctor' as const, name: '' };
      for (const id of names.keys()) await this.accessLog.recordAccess(viewer, id, 'personal_data', 'calendario', { correlationId: read, causationId: read });
    }
    // the SEQUENCE of each visit's latest email (its moves): a calendar importing the feed keeps the moved time
    const sequences = new Map<string, number>();
    for (const b of bookings) sequences.set(b.id, (await readState(this.kernel.eventStore, bookingStreamName(b.id), moves)).state);
    return feedCalendar({
      name: `${(await readPracticeIdentity({ eventStore: this.kernel.eventStore, config: this.kernel.config })).name} - agenda`,
      timeZone: this.kernel.config.practiceTimeZone,
      stamp: this.kernel.clock.now(),
      // no health data: a visit is a visit; the patient's name only when the doctor asked for it
      visits: bookings.map((b) => ({
        bookingId: b.id,
        start: b.start,
        end: b.end,
        sequence: sequences.get(b.id) ?? 0,
        summary: names.has(b.patientId) ? `Visita - ${names.get(b.patientId)}` : 'Visita',
      })),
    });
  }
}
