import { Injectable, type OnModuleInit } from '@nestjs/common';

import {
  type EventData,
  type EventMetadata,
  type ErasureInfoView,
  type FiscalDocumentView,
  type FiscalProfile,
  type FiscalProfilePersonal,
  type FiscalProfileView,
  type FiscalYearView,
  type Sealed,
  type SessionUser,
  FiscalProfileInput,
  FISCAL_RETENTION_STATEMENT,
  documentNumber,
  erasureRequestStreamName,
  fiscalKeptUntil,
  fiscalProfileStreamName,
  receiptsBlockedMessage,
  receiptsStreamName,
  practiceDay,
} from '@studio/contracts';
import type { FiscalDocumentDoc } from './fiscal.projection';
import { AccessLogService } from '../../platform/personal-data/access-log.service';
import { ForbiddenError, NotFoundError } from '../../platform/common/errors';
import { readState } from '../../platform/event-store/command-handler';
import { parseInput } from '../../platform/http/parse';

import { type PersonalName, UsersService } from '../accounts/users';
import { fiscalProfileDecider, type FiscalProfileState } from './fiscal-profile.decider';
import { type StsReceipt, buildStsXml, loadStsPublicKey, zipStsFile } from './sts-export';
import { RequestErasure, SetFiscalProfile } from './fiscal.commands';
import { KernelPorts } from '../../platform/kernel/kernel-ports';
import { VisitPlaces } from './fiscal.ports';
import { erasureRequestsReadModel, fiscalDocumentsReadModel, fiscalOrdersReadModel, fiscalProfilesReadModel } from './read-models';

/** the patient's data printed on a receipt, sealed on it with the patient's key */
export interface ReceiptPatient {
  name: string;
  surname: string;
  taxcode: string;
  billing: string;
}

export interface IssuedDocuments {
  receipt: EventData<'ReceiptIssued'>;
  creditNote: EventData<'CreditNoteIssued'> | null;
  issuer: FiscalProfilePersonal | null;
  title: string;
  patient: ReceiptPatient | null;
  /** where the visit was, when the practice has locations ("Sede nord, Viale Monza 200, Milano") */
  visitPlace?: string;
}

@Injectable()
export class FiscalService implements OnModuleInit {
  constructor(
    private readonly kernel: KernelPorts,
    private readonly users: UsersService,
    private readonly accessLog: AccessLogService,
    private readonly places: VisitPlaces,
  ) {}

  /** a configured Sistema TS certificate that cannot be read stops the start, in Italian, instead of the first export */
  onModuleInit(): void {
    if (this.kernel.config.stsCertPath) loadStsPublicKey(this.kernel.config);
  }

  // ---- profile ------------------------------------------------------------------------------------------

  private authorize(viewer: SessionUser, doctorId: string): void {
    if (viewer.role === 'admin') return;
    if (viewer.role === 'doctor' && viewer.id === doctorId) return;
    throw new ForbiddenError('Puoi vedere e modificare solo i tuoi dati fiscali.');
  }

  /** the profile from its stream: the fresh state the receipts workflow issues with */
  async profileState(doctorId: string): Promise<FiscalProfileState> {
    return (await readState(this.kernel.eventStore, fiscalProfileStreamName(doctorId), fiscalProfileDecider)).state;
  }

  /** the profile as the fiscal_profiles read model holds it: what the screens, the PDF and the STS file show */
  private async shownProfile(doctorId: string): Promise<FiscalProfileState> {
    const doc = (await fiscalProfilesReadModel.get(this.kernel.readModels, doctorId))?.doc;
    return doc ? { status: 'complete', ...doc } : { status: 'missing' };
  }

  private async openProfile(state: FiscalProfileState): Promise<FiscalProfile | null> {
    if (state.status !== 'complete') return null;
    const personal = await this.kernel.personalData.open<FiscalProfilePersonal>(state.personal);
    if (!personal) return null;
    return { ...personal, title: state.title, regime: state.regime, stampDutyToPatient: state.stampDutyToPatient, virtualStamp: state.virtualStamp };
  }

  async profile(viewer: SessionUser, doctorId: string): Promise<FiscalProfileView> {
    this.authorize(viewer, doctorId);
    await this.users.getDoctor(doctorId);
    const state = await this.shownProfile(doctorId);
    const pending = await this.pendingReceipts(doctorId);
    return {
      doctorId,
      profile: await this.openProfile(state),
      demo: state.status === 'complete' && state.demo,
      pendingReceipts: pending,
      blockedMessage: state.status !== 'complete' && pending > 0 ? receiptsBlockedMessage(pending) : null,
    };
  }

  async setProfile(viewer: SessionUser | null, doctorId: string, body: unknown, metadata: EventMetadata, demo = false): Promise<FiscalProfileView | null> {
    if (viewer) this.authorize(viewer, doctorId);
    const input = parseInput(FiscalProfileInput, body);
    const doctor = await this.users.get(doctorId);
    if (doctor?.role !== 'doctor') throw new NotFoundError('Medico non trovato.', 'medico_non_trovato');
    const { registeredName, albo, taxcode, vatNumber, address } = input;
    const personal = await this.kernel.personalData.seal(doctorId, { registeredName, albo, taxcode, vatNumber, address } satisfies FiscalProfilePersonal);
    const result = await this.kernel.commands.execute(
      new SetFiscalProfile(
        fiscalProfileStreamName(doctorId),
        {
          type: 'SetFiscalProfile',
          doctorId,
          isDoctor: doctor?.role === 'doctor',
          title: input.title,
          regime: input.regime,
          stampDutyToPatient: input.stampDutyToPatient,
          demo,
          personal,
          virtualStamp: input.virtualStamp ?? null,
        },
        metadata,
      ),
    );
    // the answer shows the profile just set: wait for its read model
    if (viewer && result.position !== null) await this.kernel.changes.waitFor(result.position);
    return viewer ? this.profile(viewer, doctorId) : null;
  }

  async pendingReceipts(doctorId: string): Promise<number> {
    return (await fiscalOrdersReadModel.find(this.kernel.readModels, { doctor_id: doctorId, status: 'pending_receipt' })).length;
  }

  /**
   * taxcode and billing as given at payment, name from the account: what a receipt prints of the patient. The invoice
   * comes with the order's fiscal document (OrderPlaced's, never changed), the one the receipts workflow issues for.
   */
  async receiptPatient(orderId: string, patientId: string): Promise<ReceiptPatient> {
    const sealed = (await fiscalOrdersReadModel.get(this.kernel.readModels, orderId))?.doc.invoice;
    const invoice = sealed ? await this.kernel.personalData.open<{ taxcode: string; billing: string }>(sealed) : null;
    const user = await this.users.get(patientId);
    const personal = user?.personal ? await this.kernel.personalData.open<PersonalName>(user.personal) : null;
    return { name: personal?.name ?? '', surname: personal?.surname ?? '', taxcode: invoice?.taxcode ?? '', billing: invoice?.billing ?? '' };
  }

  // ---- reading ------------------------------------------------------------------------------------------

  /** the order's receipt (and credit note), opened for who may see it; the read is logged in the patient's access log */
  async documentsForOrder(viewer: SessionUser, orderId: string): Promise<IssuedDocuments> {
    const doc = (await fiscalOrdersReadModel.get(this.kernel.readModels, orderId))?.doc;
    const allowed =
      doc &&
      (viewer.role === 'admin' || (viewer.role === 'patient' && viewer.id === doc.patientId) || (viewer.role === 'doctor' && viewer.id === doc.doctorId));
    if (!doc || !allowed) throw new NotFoundError('Ordine non trovato.', 'ordine_non_trovato');
    if (!doc.receipt || !doc.doctorId) throw new NotFoundError('La ricevuta di questo pagamento non è ancora stata emessa.', 'ricevuta_non_emessa');
    // the order's documents as issued on its numbering streams (fiscal_documents), committed with this fiscal_orders doc
    const issued = (await fiscalDocumentsReadModel.find(this.kernel.readModels, { order_id: orderId }, { orderBy: [{ column: 'position' }] })).map(
      (d) => d.doc,
    );
    const receiptStream = receiptsStreamName(doc.doctorId, doc.receipt.year);
    const receipt = issued.flatMap((e) => (e.stream === receiptStream && e.type === 'ReceiptIssued' ? [e.data] : []))[0];
    if (!receipt) throw new NotFoundError('La ricevuta di questo pagamento non è ancora stata emessa.', 'ricevuta_non_emessa');
    let creditNote: EventData<'CreditNoteIssued'> | null = null;
    if (doc.creditNote) {
      const creditStream = receiptsStreamName(doc.doctorId, doc.creditNote.year);
      creditNote = issued.flatMap((e) => (e.stream === creditStream && e.type === 'CreditNoteIssued' ? [e.data] : []))[0] ?? null;
    }
    if (viewer.id !== doc.patientId) await this.accessLog.recordAccess(viewer, doc.patientId, 'personal_data', `ricevuta ${receipt.number}/${receipt.year}`);
    const profile = await this.shownProfile(doc.doctorId);
    const visitPlace = await this.places.placeOf(receipt.bookingId);
    return {
      ...(visitPlace ? { visitPlace } : {}),
      receipt,
      creditNote,
      issuer: await this.kernel.personalData.open<FiscalProfilePersonal>(receipt.issuer),
      title: profile.status === 'complete' ? profile.title : '',
      patient: await this.openPatient(receipt),
    };
  }

  // ---- the patient's erasure request ------------------------------------------------------------------------

  /**
   * GET /api/me/erasure: what stays if the patient's data is erased, and why (FISCAL_RETENTION_STATEMENT), with the
   * fiscal documents issued in their name and until when each is kept; and whether they already asked.
   */
  async erasureInfo(patient: SessionUser): Promise<ErasureInfoView> {
    const docs = (await fiscalOrdersReadModel.find(this.kernel.readModels, { patient_id: patient.id })).map((d) => d.doc);
    const names = new Map<string, Promise<string>>();
    const doctorName = (doctorId: string) => {
      if (!names.has(doctorId))
        names.set(
          doctorId,
          this.users.get(doctorId).then((u) => (u ? this.users.displayName(u) : 'Professionista')),
        );
      return names.get(doctorId)!;
    };
    const documents: ErasureInfoView['documents'] = [];
    for (const doc of docs) {
      if (!doc.receipt || !doc.doctorId) continue;
      const name = await doctorName(doc.doctorId);
      const { number, year } = doc.receipt;
      documents.push({ kind: 'receipt', label: documentNumber('receipt', number, year), doctorName: name, year, keptUntil: fiscalKeptUntil(year) });
      if (doc.creditNote) {
        const c = doc.creditNote;
        documents.push({
          kind: 'credit_note',
          label: documentNumber('credit_note', c.number, c.year),
          doctorName: name,
          year: c.year,
          keptUntil: fiscalKeptUntil(c.year),
        });
      }
    }
    documents.sort((a, b) => a.year - b.year || a.label.localeCompare(b.label));
    const request = (await erasureRequestsReadModel.get(this.kernel.readModels, patient.id))?.doc;
    return { statement: FISCAL_RETENTION_STATEMENT, documents, requestedAt: request?.requestedAt ?? null };
  }

  /** POST /api/me/erasure-request: the patient asks, once, having been told what stays; answers whether it was new */
  async requestErasure(patient: SessionUser, metadata: EventMetadata): Promise<{ created: boolean; info: ErasureInfoView }> {
    const result = await this.kernel.commands.execute(
      new RequestErasure(erasureRequestStreamName(patient.id), { type: 'RequestErasure', patientId: patient.id, at: metadata.at }, metadata),
    );
    // the answer shows the request just made: wait for its read model
    if (result.position !== null) await this.kernel.changes.waitFor(result.position);
    return { created: result.events.length > 0, info: await this.erasureInfo(patient) };
  }

  /** the documents of a doctor's numbering stream of one year, in the stream's order (the fiscal_documents read model) */
  async issuedDocuments(doctorId: string, year: number): Promise<FiscalDocumentDoc[]> {
    const found = await fiscalDocumentsReadModel.find(
      this.kernel.readModels,
      { stream: receiptsStreamName(doctorId, year) },
      { orderBy: [{ column: 'position' }] },
    );
    return found.map((d) => d.doc);
  }

  /** receipts and credit notes of a doctor's year, as its numbering stream holds them */
  async yearDocuments(
    viewer: SessionUser,
    doctorId: string,
    year: number,
  ): Promise<{ receipts: EventData<'ReceiptIssued'>[]; creditNotes: EventData<'CreditNoteIssued'>[] }> {
    this.authorize(viewer, doctorId);
    await this.users.getDoctor(doctorId);
    const events = await this.issuedDocuments(doctorId, year);
    return {
      receipts: events.flatMap((e) => (e.type === 'ReceiptIssued' ? [e.data] : [])),
      creditNotes: events.flatMap((e) => (e.type === 'CreditNoteIssued' ? [e.data] : [])),
    };
  }

  /** the patient printed on a receipt: the patient's own copy, else the fiscal copy kept for the legal period after erasure */
  async openPatient(receipt: Pick<EventData<'ReceiptIssued'>, 'patient' | 'patientFiscal'>): Promise<ReceiptPatient | null> {
    return (
      (await this.kernel.personalData.open<ReceiptPatient>(receipt.patient)) ?? (receipt.patientFiscal ? await this.openFiscal(receipt.patientFiscal) : null)
    );
  }

  private async openFiscal(sealed: Sealed): Promise<ReceiptPatient | null> {
    return this.kernel.personalData.open<ReceiptPatient>(sealed);
  }

  async issuerProfile(doctorId: string): Promise<FiscalProfile | null> {
    return this.openProfile(await this.shownProfile(doctorId));
  }

  /** GET /api/fiscal/documents?year=&doctor= : the /fiscale table */
  async yearView(viewer: SessionUser, doctorId: string, year: number): Promise<FiscalYearView> {
    const { receipts, creditNotes } = await this.yearDocuments(viewer, doctorId, year);
    const byReceipt = new Map<string, EventData<'ReceiptIssued'>>(receipts.map((r) => [r.receiptId, r]));
    const names = new Map<string, string>();
    const nameOf = async (r: EventData<'ReceiptIssued'> | undefined, patientId: string) => {
      const key = r?.receiptId ?? patientId;
      if (!names.has(key)) {
        const p = r ? await this.openPatient(r) : null;
        names.set(key, p ? `${p.surname} ${p.name}`.trim() : 'Dato cancellato');
      }
      return names.get(key)!;
    };
    const documents: FiscalDocumentView[] = [];
    for (const r of receipts) {
      documents.push({
        id: r.receiptId,
        kind: 'receipt',
        number: r.number,
        year: r.year,
        label: documentNumber('receipt', r.number, r.year),
        issuedAt: r.issuedAt,
        orderId: r.orderId,
        patientId: r.patientId,
        patientName: await nameOf(r, r.patientId),
        amountCents: r.amountCents,
        stampDutyCents: r.stampDutyCharged ? r.stampDutyCents : 0,
        totalCents: r.totalCents,
        stsOpposition: r.stsOpposition,
      });
    }
    for (const c of creditNotes) {
      const r = byReceipt.get(c.receiptId);
      documents.push({
        id: c.creditNoteId,
        kind: 'credit_note',
        number: c.number,
        year: c.year,
        label: documentNumber('credit_note', c.number, c.year),
        issuedAt: c.issuedAt,
        orderId: c.orderId,
        patientId: c.patientId,
        patientName: await nameOf(r, c.patientId),
        amountCents: -(r?.amountCents ?? c.totalCents),
        stampDutyCents: -(r && r.stampDutyCharged ? r.stampDutyCents : 0),
        totalCents: -c.totalCents,
        stsOpposition: r?.stsOpposition ?? false,
      });
    }
    // the patients named in the table: their data was read
    await this.logReads(
      viewer,
      documents.map((d) => d.patientId),
      `documenti fiscali ${year}`,
    );
    const sum = (f: (d: FiscalDocumentView) => number) => documents.reduce((s, d) => s + f(d), 0);
    const pending = await this.pendingReceipts(doctorId);
    const profile = await this.shownProfile(doctorId);
    return {
      doctorId,
      year,
      documents,
      totals: {
        receipts: receipts.length,
        creditNotes: creditNotes.length,
        amountCents: sum((d) => d.amountCents),
        stampDutyCents: sum((d) => d.stampDutyCents),
        totalCents: sum((d) => d.totalCents),
      },
      blockedMessage: profile.status !== 'complete' && pending > 0 ? receiptsBlockedMessage(pending) : null,
    };
  }

  /** one access-log entry per patient read, before the data goes out; concurrent, so the store group-commits them */
  private async logReads(viewer: SessionUser, patientIds: string[], detail: string): Promise<void> {
    await Promise.all([...new Set(patientIds)].map((patientId) => this.accessLog.recordAccess(viewer, patientId, 'personal_data', detail)));
  }

  /** the year's Sistema TS file (see sts-export.ts), zipped as the channel takes it; `demo` when made with the generated demo key */
  async stsExport(viewer: SessionUser, doctorId: string, year: number): Promise<{ xml: string; zip: Buffer; fileName: string; demo: boolean }> {
    const { receipts, creditNotes } = await this.yearDocuments(viewer, doctorId, year);
    if (receipts.length === 0 && creditNotes.length === 0)
      throw new NotFoundError(`Nessuna ricevuta emessa nel ${year}: non c’è nulla da esportare.`, 'nessun_documento');
    const profile = await this.issuerProfile(doctorId);
    if (!profile) throw new NotFoundError('Profilo fiscale mancante: completalo prima di esportare.', 'profilo_fiscale_mancante');
    const { key, demo } = loadStsPublicKey(this.kernel.config);
    const tz = this.kernel.config.practiceTimeZone;
    const withTaxcode = async (r: EventData<'ReceiptIssued'>): Promise<StsReceipt> => ({ ...r, patientTaxcode: (await this.openPatient(r))?.taxcode ?? null });
    const withTaxcodes = await Promise.all(receipts.map(withTaxcode));
    // credit notes of this year may cancel receipts of an earlier one; a refund record carries the citizen's code too
    const cancelled = new Map(withTaxcodes.map((r) => [r.receiptId, r]));
    for (const c of creditNotes) {
      if (cancelled.has(c.receiptId)) continue;
      const earlier = await this.yearDocuments(viewer, doctorId, c.receiptYear);
      const r = earlier.receipts.find((x) => x.receiptId === c.receiptId);
      if (r) cancelled.set(r.receiptId, await withTaxcode(r));
    }
    await this.logReads(
      viewer,
      [...receipts, ...creditNotes].map((r) => r.patientId),
      `esportazione Sistema TS ${year}`,
    );
    const xml = buildStsXml(
      {
        owner: { taxcode: profile.taxcode, vatNumber: profile.vatNumber },
        receipts: withTaxcodes,
        creditNotes,
        cancelled,
        day: (iso) => practiceDay(new Date(iso), tz),
      },
      key,
    );
    const fileName = `spese-sanitarie-${year}${demo ? '-dimostrativo' : ''}.xml`;
    return { xml, zip: zipStsFile(fileName, xml), fileName, demo };
  }
}
