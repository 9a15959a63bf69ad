// questionnaires' public entry
export { QuestionnairesService } from './questionnaires.service';
export { DefineQuestionnaireCommand } from './define-questionnaire.command';
export { DEMO_QUESTIONNAIRE } from './demo-questionnaire';
export { QuestionnairesModule } from './questionnaires.module';
