// fiscal's public entry: the practitioner's profile, the numbering stream's decider, documents and their reading
export { FiscalService, type ReceiptPatient, type IssuedDocuments } from './fiscal.service';
export { FiscalController } from './fiscal.controller';
export { numberingDecider, type NumberingCommand, type NumberingEvent, type ReceiptDraft, type CreditNoteDraft } from './numbering.decider';
export { fiscalProfileDecider, type FiscalProfileState } from './fiscal-profile.decider';
export { SetFiscalProfile } from './fiscal.commands';
export { FiscalModule } from './fiscal.module';
export { euro } from './receipt-pdf';
export { FiscalRetentionService } from './fiscal-retention.service';
// the read models it owns, typed (no other feature names them by a string nor imports its projection)
export { erasureRequestsReadModel, fiscalDocumentsReadModel, fiscalOrdersReadModel, fiscalProfilesReadModel } from './read-models';
export { fiscalOrderStatus, type FiscalDocumentDoc, type FiscalOrderDoc } from './fiscal.projection';
export { VisitPlaces } from './fiscal.ports';
