import { Injectable } from '@nestjs/common';

import { calendarFeedStreamName, type CalendarFeedView, type EventMetadata, type SessionUser } from '@studio/contracts';
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

import { NotFoundError } from '../../../platform/common/errors';

import { readPracticeIdentity } from '../../../platform/config/practice-settings';
import { feedCalendar } from '../../../platform/common/calendar-file';
import type { CalendarFeedDoc } from './calendar-feeds.projection';
import { ChangeCalendarFeedSettings, IssueCalendarFeed } from './calendar-feed.commands';
import { AccessLogService } from '../../../platform/personal-data/access-log.service';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { bookingsReadModel } from '../../scheduling/booking';
import { usersReadModel } from '../../accounts/users';
import { calendarFeedsReadModel } from './read-models';

/** 32 random bytes, base64url: 43 characters */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const hash = (token: string) => createHash('sha256').update(token).digest();
const NOT_FOUND = 'Calendario non trovato.';

@Injectable()
export class CalendarFeedService {
  constructor(
    private readonly kernel: KernelPorts,
    private readonly accessLog: AccessLogService,
  ) {}

  private url(doctorId: string, token: string): string {
    return `${this.kernel.config.mail.publicUrl}/api/calendar-feed/${encodeURIComponent(doctorId)}/${token}.ics`;
  }

  /** the doctor's feed as the read model has it (null: none yet) */
  private async current(doctorId: string): Promise<CalendarFeedDoc | null> {
    return (await calendarFeedsReadModel.get(this.kernel.readModels, doctorId))?.doc ?? null;
  }

  /** GET /api/me/calendar-feed (the first call makes the URL); POST …/regenerate replaces it, the old one stops working */
  async view(doctor: SessionUser, metadata: EventMetadata, regenerate = false): Promise<CalendarFeedView> {
    const stream = calendarFeedStreamName(doctor.id);
    const token = randomBytes(32).toString('base64url');
    const { position } = await this.kernel.commands.execute(
      new IssueCalendarFeed(
        stream,
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
      ),
    );
    // read-your-writes: the answer waits for the read model to hold the token; when nothing was written (a token
    // already there, perhaps appended by a concurrent request), for the log's head
    await this.kernel.changes.waitFor(position ?? (await this.kernel.eventStore.headPosition()));
    const state = await this.current(doctor.id);
    const current = state?.issued ? await this.kernel.personalData.open<{ token: string }>(state.issued.token) : null;
    if (!state || !current) throw new NotFoundError(NOT_FOUND, 'calendario_non_trovato');
    return { url: this.url(doctor.id, current.token), showPatientName: state.showPatientName };
  }

  async setShowPatientName(doctor: SessionUser, showPatientName: boolean, metadata: EventMetadata): Promise<CalendarFeedView> {
    await this.kernel.commands.execute(
      new ChangeCalendarFeedSettings(
        calendarFeedStreamName(doctor.id),
        { type: 'ChangeSettings', doctorId: doctor.id, showPatientName, at: metadata.at },
        metadata,
      ),
    );
    return this.view(doctor, metadata);
  }

  /** the subscription itself: the token compared in constant time with the current one's hash; any mismatch is a 404 */
  async feed(doctorId: string, token: string): Promise<string> {
    if (!TOKEN.test(token) || doctorId.length > 100) throw new NotFoundError(NOT_FOUND, 'calendario_non_trovato');
    const state = await this.current(doctorId);
    const expected = state?.issued ? Buffer.from(state.issued.tokenHash, 'hex') : randomBytes(32);
    const ok = timingSafeEqual(hash(token), expected) && !!state?.issued;
    if (!ok || !state) throw new NotFoundError(NOT_FOUND, 'calendario_non_trovato');
    const bookings = (await bookingsReadModel.find(this.kernel.readModels, { doctor_id: doctorId, status: 'confirmed' })).map((b) => b.doc);
    const names = new Map<string, string>();
    if (state.showPatientName) {
      for (const id of new Set(bookings.map((b) => b.patientId))) {
        const user = (await usersReadModel.get(this.kernel.readModels, id))?.doc;
        const p = user?.personal ? await this.kernel.personalData.open<{ name: string; surname: string }>(user.personal) : null;
        if (p) names.set(id, `${p.name} ${p.surname}`);
      }
      // each patient whose name goes out is told, in their access log; one correlation groups this read
      const read = randomUUID();
      const viewer = { id: doctorId, role: 'doctor' as const, name: '' };
      for (const id of names.keys()) await this.accessLog.recordAccess(viewer, id, 'personal_data', 'calendario', { correlationId: read, causationId: read });
    }
    return feedCalendar({
      name: `${(await readPracticeIdentity({ readModels: this.kernel.readModels, config: this.kernel.config })).name} - agenda`,
      timeZone: this.kernel.config.practiceTimeZone,
      stamp: this.kernel.clock.now(),
      // no health data: a visit is a visit; the patient's name only when the doctor asked for it
      visits: bookings.map((b) => ({
        bookingId: b.id,
        start: b.start,
        end: b.end,
        // the SEQUENCE of the visit's latest email (its moves): a calendar importing the feed keeps the moved time
        sequence: b.sequence ?? 0,
        summary: names.has(b.patientId) ? `Visita - ${names.get(b.patientId)}` : 'Visita',
      })),
    });
  }
}
