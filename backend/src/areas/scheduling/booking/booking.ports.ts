/**
 * What a booking's view shows of the features above booking (they use it): each answers through its port, bound in
 * infrastructure/feature-ports.module.ts, so booking imports neither and the arrows between features point one way.
 */
export abstract class OrderRefunds {
  /** what the order's refund gave back (the order's total when the refund did not say); null: no such order */
  abstract refundedCents(orderId: string): Promise<number | null>;
}

export abstract class QuestionnaireStep {
  /** the doctor has a questionnaire the patient has not answered yet: a held booking resumes there */
  abstract awaitsAnswers(patientId: string, doctorId: string): Promise<boolean>;
}
