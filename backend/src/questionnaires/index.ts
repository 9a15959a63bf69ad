// questionnaires' public entry
export { QuestionnairesService } from './questionnaires.service';
export { questionnaireDecider } from './questionnaire.decider';
export { DEMO_QUESTIONNAIRE } from './demo-questionnaire';
export { QuestionnairesModule } from './questionnaires.module';
