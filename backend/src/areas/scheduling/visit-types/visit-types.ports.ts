/**
 * What visit types check of the questionnaires feature, which uses visit types: it answers through this port, bound
 * in infrastructure/feature-ports.module.ts, so visit-types does not import it.
 */
export abstract class QuestionnaireOwners {
  /** the doctor whose questionnaire this is; null when there is none */
  abstract ownerOf(questionnaireId: string): Promise<string | null>;
}
