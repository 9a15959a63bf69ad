import { StreamCommand, handlersOf, type CommandOf, type EventOf } from '../../../platform/event-store/decide';
import { clinicalDecider } from './clinical-record.decider';

// the clinical record's commands on the CommandBus, each with its handler (clinicalDecider)

const RECORD_CHANGED = { conflictMessage: 'La cartella è stata modificata nel frattempo: ricaricala e riprova.' };

export class SetRecord extends StreamCommand<CommandOf<typeof clinicalDecider, 'SetRecord'>, EventOf<typeof clinicalDecider>> {}

export class RecordMeasurement extends StreamCommand<CommandOf<typeof clinicalDecider, 'RecordMeasurement'>, EventOf<typeof clinicalDecider>> {}

export class SignVisitNote extends StreamCommand<CommandOf<typeof clinicalDecider, 'SignVisitNote'>, EventOf<typeof clinicalDecider>> {}

export class RecordLabResult extends StreamCommand<CommandOf<typeof clinicalDecider, 'RecordLabResult'>, EventOf<typeof clinicalDecider>> {}

export class SetDietTargets extends StreamCommand<CommandOf<typeof clinicalDecider, 'SetDietTargets'>, EventOf<typeof clinicalDecider>> {}

export class AddAttachment extends StreamCommand<CommandOf<typeof clinicalDecider, 'AddAttachment'>, EventOf<typeof clinicalDecider>> {}

export class ShareCare extends StreamCommand<CommandOf<typeof clinicalDecider, 'ShareCare'>, EventOf<typeof clinicalDecider>> {}

export class RevokeCareShare extends StreamCommand<CommandOf<typeof clinicalDecider, 'RevokeCareShare'>, EventOf<typeof clinicalDecider>> {}

export const clinicalRecordCommandHandlers = [
  ...handlersOf(clinicalDecider, [SetRecord, RecordMeasurement, SignVisitNote, RecordLabResult, SetDietTargets, AddAttachment], RECORD_CHANGED),
  ...handlersOf(clinicalDecider, [ShareCare, RevokeCareShare]),
];

/** a doctor's write into a patient's record (sealed content, refused to a doctor who does not treat them) */
export type ClinicalWrite = SetRecord | RecordMeasurement | SignVisitNote | RecordLabResult | SetDietTargets | AddAttachment;
