import { StreamCommand, handlersOf, type CommandOf, type EventOf } from '../../../platform/event-store/decide';
import { patientDecider, questionnaireDecider } from './questionnaire.decider';

// the questionnaires' commands on the CommandBus, each with its handler (a questionnaire's stream; a patient's answers)

export class DefineQuestionnaire extends StreamCommand<CommandOf<typeof questionnaireDecider, 'DefineQuestionnaire'>, EventOf<typeof questionnaireDecider>> {}

export class ReviseQuestionnaire extends StreamCommand<CommandOf<typeof questionnaireDecider, 'ReviseQuestionnaire'>, EventOf<typeof questionnaireDecider>> {}

export class SetQuestionnaireActive extends StreamCommand<
  CommandOf<typeof questionnaireDecider, 'SetQuestionnaireActive'>,
  EventOf<typeof questionnaireDecider>
> {}

export class DeleteQuestionnaire extends StreamCommand<CommandOf<typeof questionnaireDecider, 'DeleteQuestionnaire'>, EventOf<typeof questionnaireDecider>> {}

export class AnswerQuestionnaire extends StreamCommand<CommandOf<typeof patientDecider, 'AnswerQuestionnaire'>, EventOf<typeof patientDecider>> {}

export const questionnairesCommandHandlers = [
  ...handlersOf(questionnaireDecider, [DefineQuestionnaire, ReviseQuestionnaire, SetQuestionnaireActive, DeleteQuestionnaire]),
  ...handlersOf(patientDecider, [AnswerQuestionnaire]),
];
