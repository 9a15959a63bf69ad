import { Alert, Button } from 'react-bootstrap';
import { allergiesFromText, allergyLabel, uniqueAllergies, type AllergyEntry, type ClinicalRecordView, type PatientAnswersResponse } from '@studio/contracts';
import { errorMessage } from '../../../lib/api';
import * as it from '../../../i18n/it';
import { useGetIntakeAnswersQuery, useSaveRecordMutation } from './clinicalRecordApi';

const t = it.clinical;

/** what the patient typed in the questionnaires' allergy questions, as entries the record does not hold yet */
export function proposedAllergies(answers: PatientAnswersResponse | undefined, held: readonly AllergyEntry[]): AllergyEntry[] {
  const typed = (answers?.questionnaires ?? []).flatMap(({ questionnaire, answers: given }) =>
    questionnaire.questions
      .filter((q) => /allerg|intoller/i.test(q.text))
      .flatMap((q) => {
        const answer = given[q.id];
        return answer?.text ? allergiesFromText(answer.text) : [];
      }),
  );
  return uniqueAllergies([...held, ...typed]).slice(held.length);
}

/** the allergies the patient declared in the intake questionnaire, added to the record only when the doctor accepts them */
export function ProposedAllergies({ patientId, view }: { patientId: string; view: ClinicalRecordView }) {
  const answers = useGetIntakeAnswersQuery(patientId);
  const [save, state] = useSaveRecordMutation();
  const record = view.record;
  const proposed = proposedAllergies(answers.data, record?.allergies ?? []);
  if (proposed.length === 0) return null;
  return (
    <Alert variant="info" className="mb-3" data-testid="proposed-allergies">
      <p className="mb-1">
        <strong>{t.proposedAllergies}</strong> {proposed.map(allergyLabel).join(', ')}
      </p>
      {state.isError && <p className="text-danger mb-1">{errorMessage(state.error, t.saveError)}</p>}
      {record ? (
        <Button
          size="sm"
          variant="outline-primary"
          disabled={state.isLoading}
          onClick={() => void save({ patientId, record: { ...record, allergies: [...record.allergies, ...proposed] } })}
        >
          {t.acceptAllergies}
        </Button>
      ) : (
        <p className="small mb-0">{t.proposedNeedsRecord}</p>
      )}
    </Alert>
  );
}
