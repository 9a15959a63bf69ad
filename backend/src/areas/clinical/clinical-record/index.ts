// clinical-record's public entry: the record's service (who treats whom, the opened record) and its decider
export { ClinicalRecordService } from './clinical-record.service';
export { clinicalDecider, type ClinicalCommand, type ClinicalEvent } from './clinical-record.decider';
export { ClinicalRecordModule } from './clinical-record.module';
// the read models it owns, typed (no other feature names them by a string nor imports its projection)
export { clinicalRecordsReadModel } from './read-models';
export { type ClinicalRecordDoc } from './clinical-record.projection';
