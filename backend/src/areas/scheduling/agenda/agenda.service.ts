import { Injectable } from '@nestjs/common';
import { AgendaStatus, type AgendaItem, type SessionUser } from '@studio/contracts';
import { BookingService } from '../booking';
import { ForbiddenError } from '../../../platform/common/errors';
import { type Ports } from '../../../platform/kernel/ports';
import { AccessLogService } from '../../../platform/personal-data/access-log.service';
import { UsersService } from '../../accounts/users';
import { bookingsReadModel } from '../booking';
import { deskVisitPriceCents, earlierInvoiceTaxcode, ordersReadModel } from '../../payments/orders';
import { questionnaireAnswersReadModel } from '../../clinical/questionnaires';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { visitTextStatus } from '../../notifications/phone';

const DAY_MS = 86_400_000;
const AGENDA_STATUSES: readonly string[] = AgendaStatus.options;

/** the staff who may read a doctor's agenda: the doctor themselves and the secretary */
export function assertAgendaReader(user: SessionUser, doctorId: string): void {
  if (user.role === 'admin') return;
  if (user.role === 'doctor' && user.id === doctorId) return;
  throw new ForbiddenError(user.role === 'doctor' ? 'Puoi vedere solo la tua agenda.' : 'L’agenda è riservata allo studio.');
}

/**
 * GET /api/doctors/:id/agenda: the doctor's appointments (held, confirmed, cancelled, no-show, completed)
 * with who is coming. Opening the patients' identity is a personal-data read: each patient shown gets one
 * entry in their access log, written before the answer leaves.
 */
@Injectable()
export class AgendaService {
  private readonly readModels: Ports['readModels'];

  constructor(
    private readonly kernel: KernelPorts,
    private readonly users: UsersService,
    private readonly bookings: BookingService,
    private readonly accessLog: AccessLogService,
  ) {
    this.readModels = kernel.readModels;
  }

  /** `locationId`: only the visits at that location (GET …/agenda?location=) */
  async agenda(user: SessionUser, doctorId: string, from: string, to: string, locationId?: string): Promise<AgendaItem[]> {
    assertAgendaReader(user, doctorId);
    await this.users.getDoctor(doctorId);
    const toExclusive = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
    const docs = (await bookingsReadModel.find(this.readModels, { doctor_id: doctorId, start: { gte: `${from}T00:00:00Z`, lt: `${toExclusive}T00:00:00Z` } }))
      .map((d) => d.doc)
      .filter((d) => AGENDA_STATUSES.includes(d.status) && (!locationId || d.locationId === locationId))
      .sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id));
    const patientIds = [...new Set(docs.map((d) => d.patientId))];
    const patients = new Map<
      string,
      {
        personal: Awaited<ReturnType<BookingService['patientPersonal']>>;
        answered: boolean;
        noShows: number;
        emailUnconfirmed: boolean;
        taxcodeOnFile: boolean;
      }
    >();
    for (const patientId of patientIds) {
      const [personal, answers, history, account] = await Promise.all([
        this.bookings.patientPersonal(patientId),
        questionnaireAnswersReadModel.find(this.readModels, { patient_id: patientId, doctor_id: doctorId }, { limit: 1 }),
        bookingsReadModel.find(this.readModels, { patient_id: patientId, doctor_id: doctorId, status: 'no_show' }),
        this.users.get(patientId),
      ]);
      const taxcodeOnFile = !!personal?.taxcode || !!(await earlierInvoiceTaxcode(this.kernel, patientId));
      patients.set(patientId, {
        personal,
        answered: answers.length > 0,
        noShows: history.length,
        emailUnconfirmed: account?.emailConfirmed === false,
        taxcodeOnFile,
      });
    }
    // recorded before the identities leave: an unrecorded read cannot happen
    for (const patientId of patientIds) {
      if (patients.get(patientId)?.personal) await this.accessLog.recordAccess(user, patientId, 'personal_data', 'agenda');
    }
    const texts = await visitTextStatus(
      this.readModels,
      doctorId,
      { from: `${from}T00:00:00Z`, to: `${toExclusive}T00:00:00Z` },
      docs.map((d) => d.id),
    );
    const items: AgendaItem[] = [];
    for (const d of docs) {
      const text = texts.get(d.id);
      const p = patients.get(d.patientId)!;
      const order = d.orderId ? (await ordersReadModel.get(this.readModels, d.orderId))?.doc : undefined;
      // what the desk payment starts from: a held visit's price, the first-visit price for a first-time patient
      const priceCents = d.status === 'held' ? await deskVisitPriceCents(this.readModels, d) : (d.visit?.priceCents ?? null);
      items.push({
        id: d.id,
        start: d.start,
        end: d.end,
        status: d.status as AgendaItem['status'],
        patient: {
          id: d.patientId,
          name: p.personal?.name ?? 'Paziente cancellato',
          surname: p.personal?.surname ?? '',
          phone: p.personal?.phone ?? '',
          email: p.personal?.email ?? '',
        },
        order: order ? { id: order.id, amountCents: order.amountCents, status: order.status === 'refunded' ? 'refunded' : 'placed' } : null,
        questionnaireAnswered: p.answered,
        noShows: p.noShows,
        ...(p.emailUnconfirmed ? { emailUnconfirmed: true as const } : {}),
        ...(priceCents !== null ? { priceCents } : {}),
        ...(d.locationId ? { locationId: d.locationId } : {}),
        taxcodeOnFile: p.taxcodeOnFile,
        ...(d.outcomeAt && (d.status === 'completed' || d.status === 'no_show') ? { outcomeAt: d.outcomeAt } : {}),
        ...(text?.confirmedByPatient ? { confirmedByPatient: true as const } : {}),
        ...(text?.undelivered ? { reminderUndelivered: true as const } : {}),
      });
    }
    return items;
  }
}
