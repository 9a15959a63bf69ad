// questionnaires' public entry
export { QuestionnairesService } from './questionnaires.service';
