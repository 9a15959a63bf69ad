import { Injectable } from '@nestjs/common';
import { QuestionnaireStep } from '../../scheduling/booking';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { QuestionnaireOwners } from '../../scheduling/visit-types';
import { questionnaireAnswersReadModel, questionnairesReadModel } from './read-models';

/** booking's QuestionnaireStep, from the questionnaires and their answers */
@Injectable()
export class QuestionnaireStepFromAnswers extends QuestionnaireStep {
  constructor(private readonly kernel: KernelPorts) {
    super();
  }

  async awaitsAnswers(patientId: string, doctorId: string): Promise<boolean> {
    const [defined, answered] = await Promise.all([
      questionnairesReadModel.find(this.kernel.readModels, { doctor_id: doctorId }, { limit: 1 }),
      questionnaireAnswersReadModel.find(this.kernel.readModels, { patient_id: patientId, doctor_id: doctorId }, { limit: 1 }),
    ]);
    return defined.length > 0 && answered.length === 0;
  }
}

/** visit types' QuestionnaireOwners, from the questionnaires read model */
@Injectable()
export class QuestionnaireOwnersFromQuestionnaires extends QuestionnaireOwners {
  constructor(private readonly kernel: KernelPorts) {
    super();
  }

  async ownerOf(questionnaireId: string): Promise<string | null> {
    return (await questionnairesReadModel.get(this.kernel.readModels, questionnaireId))?.doc.doctorId ?? null;
  }
}
