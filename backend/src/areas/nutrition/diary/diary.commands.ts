import { handlersOf, StreamCommand, type CommandOf, type EventOf } from '../../../platform/event-store/decide';
import { diaryDecider } from './diary.decider';

// the diary feature's commands on the CommandBus, each with its handler (a patient's food diary and self-reported measures)

export class LogDiaryEntry extends StreamCommand<CommandOf<typeof diaryDecider, 'LogDiaryEntry'>, EventOf<typeof diaryDecider>> {}
export class EditDiaryEntry extends StreamCommand<CommandOf<typeof diaryDecider, 'EditDiaryEntry'>, EventOf<typeof diaryDecider>> {}
export class DeleteDiaryEntry extends StreamCommand<CommandOf<typeof diaryDecider, 'DeleteDiaryEntry'>, EventOf<typeof diaryDecider>> {}
export class AttachDiaryPhoto extends StreamCommand<CommandOf<typeof diaryDecider, 'AttachDiaryPhoto'>, EventOf<typeof diaryDecider>> {}
export class CommentDiaryEntry extends StreamCommand<CommandOf<typeof diaryDecider, 'CommentDiaryEntry'>, EventOf<typeof diaryDecider>> {}
export class ReportSelfMeasurement extends StreamCommand<CommandOf<typeof diaryDecider, 'ReportSelfMeasurement'>, EventOf<typeof diaryDecider>> {}
export class AcceptSelfMeasurement extends StreamCommand<CommandOf<typeof diaryDecider, 'AcceptSelfMeasurement'>, EventOf<typeof diaryDecider>> {}

export const diaryCommandHandlers = [
  // each adds something new under a fresh id: deciding again on a stream another write moved on loses nothing
  ...handlersOf(diaryDecider, [LogDiaryEntry, AttachDiaryPhoto, CommentDiaryEntry, ReportSelfMeasurement], { onStale: 'decide-again' }),
  ...handlersOf(diaryDecider, [EditDiaryEntry, DeleteDiaryEntry, AcceptSelfMeasurement], {
    conflictMessage: 'Il diario è stato modificato nel frattempo: ricarica e riprova.',
  }),
];
