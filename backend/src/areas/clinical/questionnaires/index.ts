// questionnaires' public entry
export { QuestionnairesService } from './questionnaires.service';
export { questionnaireDecider } from './questionnaire.decider';
export { DefineQuestionnaire } from './questionnaires.commands';
export { DEMO_QUESTIONNAIRE } from './demo-questionnaire';
export { QuestionnairesModule } from './questionnaires.module';
// the read models it owns, typed (no other feature names them by a string nor imports its projection)
export { questionnaireAnswersReadModel, questionnairesReadModel } from './read-models';
export { type QuestionnaireAnswersDoc } from './questionnaires.projection';
export { QuestionnaireOwnersFromQuestionnaires, QuestionnaireStepFromAnswers } from './questionnaire-ports';
