import { readModelOf } from '@studio/projections';
import { questionnaireAnswersProjection, questionnairesProjection } from './questionnaires.projection';

/** the read models this feature owns, typed: every reader, here or in another feature, reads them through these */
export const questionnaireAnswersReadModel = readModelOf(questionnaireAnswersProjection);
export const questionnairesReadModel = readModelOf(questionnairesProjection);
