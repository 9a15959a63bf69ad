// fiscal's public entry: the practitioner's profile, the numbering stream's decider, documents and their reading
export { FiscalService, type ReceiptPatient, type IssuedDocuments } from './fiscal.service';
export { FiscalController } from './fiscal.controller';
export { numberingDecider, type NumberingCommand, type NumberingEvent, type ReceiptDraft, type CreditNoteDraft } from './numbering.decider';
export { fiscalProfileDecider, type FiscalProfileState } from './fiscal-profile.decider';
export { FiscalModule } from './fiscal.module';
export { euro } from './receipt-pdf';
export { FiscalRetentionService } from './fiscal-retention.service';
