import { usePageTitle } from '../../../lib/pageTitle';
import type { Question } from '@studio/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { Alert, Button, Card, Form, Spinner } from 'react-bootstrap';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../lib/api';
import { useGetMyBookingsQuery } from '../../../lib/bookingsApi';
import { HoldCountdown } from '../../../components/ui/HoldCountdown';
import { LockableButton } from '../../../components/ui/LockableButton';
import { PATHS, paymentPath } from '../../../lib/paths';
import type { QuestionnaireState } from '../../../lib/useHoldChoice';
import { ValidatedForm } from '../../../components/ui/ValidatedForm';
import * as it from '../../../i18n/it';
import { buildAnswers, EMPTY_DRAFT, nextChoices, textInputState, type Draft } from './enabler';
import { useGetQuestionnairesQuery, useSubmitAnswersMutation, type Questionnaire } from './questionnaireApi';
import { QuerySection } from '../../../components/ui/QuerySection';

const t = it.questionnaire;

/** drafts per questionnaire, then per question */
type Drafts = Record<string, Record<string, Draft>>;

/**
 * /prenota/questionario?booking=<id>&doctor=<doctorId>: the step after a slot is held. Shows the
 * hold's countdown and the doctor's questionnaires; the answers are sent, then the payment page (/pagamento?booking=) of the
 * held booking.
 */
export function QuestionnairePage() {
  usePageTitle(it.titles.questionnaire);
  const [params] = useSearchParams();
  const bookingId = params.get('booking') ?? '';
  const doctorId = params.get('doctor') ?? '';
  const location = useLocation();
  const navigate = useNavigate();
  const stateExpiresAt = (location.state as QuestionnaireState | null)?.expiresAt;

  const myBookings = useGetMyBookingsQuery(bookingId ? undefined : skipToken);
  const booking = myBookings.data?.find((b) => b.id === bookingId);
  const expiresAt = booking?.expiresAt ?? stateExpiresAt;
  const holdEnded = booking !== undefined && booking.status !== 'held' && booking.status !== 'confirmed';

  // only this booking's questionnaires: those of its visit type
  const questionnaires = useGetQuestionnairesQuery(doctorId ? (bookingId ? { doctorId, bookingId } : doctorId) : skipToken);
  const [submitAnswers, submission] = useSubmitAnswersMutation();
  const [drafts, setDrafts] = useState<Drafts>({});
  const [lockKey, setLockKey] = useState(0);
  const [sending, setSending] = useState(false);

  if (!bookingId || !doctorId) {
    return (
      <Alert variant="warning" role="status">
        <p>{t.missingParams}</p>
        <Link to={PATHS.booking}>{it.hold.chooseAgain}</Link>
      </Alert>
    );
  }

  const draftOf = (qnId: string, qId: string) => drafts[qnId]?.[qId] ?? EMPTY_DRAFT;
  const update = (qnId: string, qId: string, change: (d: Draft) => Draft) =>
    setDrafts((all) => ({ ...all, [qnId]: { ...all[qnId], [qId]: change(all[qnId]?.[qId] ?? EMPTY_DRAFT) } }));

  const onValid = async (list: readonly Questionnaire[]) => {
    setSending(true);
    try {
      for (const qn of list) {
        await submitAnswers({ questionnaireId: qn.id, answers: buildAnswers(qn.questions, drafts[qn.id] ?? {}) }).unwrap();
      }
    } catch {
      setSending(false);
      setLockKey((k) => k + 1);
      return;
    }
    void navigate(paymentPath(bookingId), { replace: true });
  };

  return (
    <div className="app-questionnaire">
      <h1 className="h3">{t.title}</h1>
      {holdEnded ? (
        <Alert variant="warning" role="status">
          <p className="mb-2">{it.hold.expired}</p>
          <Link to={PATHS.booking}>{it.hold.chooseAgain}</Link>
        </Alert>
      ) : (
        expiresAt && <HoldCountdown expiresAt={expiresAt} />
      )}

      <QuerySection query={questionnaires} loadingLabel={t.loading} errorText={t.error} />
      {questionnaires.data && questionnaires.data.length === 0 && (
        <>
          <p>{t.none}</p>
          <Button variant="primary" onClick={() => navigate(paymentPath(bookingId), { replace: true })}>
            {t.continue}
          </Button>
        </>
      )}
      {questionnaires.data && questionnaires.data.length > 0 && (
        <>
          <p className="text-body-secondary">{t.intro}</p>
          {submission.isError && !sending && (
            <Alert variant="danger" role="alert">
              {errorMessage(submission.error, t.failed)}
            </Alert>
          )}
          <ValidatedForm
            id="questionnaire"
            aria-busy={sending}
            onValidSubmit={() => void onValid(questionnaires.data!)}
            onInvalidSubmit={() => setLockKey((k) => k + 1)}
          >
            {questionnaires.data.map((qn) => (
              <Card key={qn.id} className="mb-3">
                <Card.Body>
                  <h2 className="h5">{qn.title}</h2>
                  {qn.questions.map((q) => (
                    <QuestionField
                      key={q.id}
                      idPrefix={`q-${qn.id}-${q.id}`}
                      question={q}
                      draft={draftOf(qn.id, q.id)}
                      disabled={sending}
                      onChoice={(value, checked) => update(qn.id, q.id, (d) => ({ ...d, choices: nextChoices(q, d.choices, value, checked) }))}
                      onText={(text) => update(qn.id, q.id, (d) => ({ ...d, text }))}
                    />
                  ))}
                </Card.Body>
              </Card>
            ))}
            <LockableButton type="submit" variant="primary" lockKey={lockKey}>
              {sending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
              {sending ? t.submitting : t.submit}
            </LockableButton>
          </ValidatedForm>
        </>
      )}
    </div>
  );
}

/** one question: its radios or checkboxes, and the text input the enabler rules drive */
function QuestionField({
  idPrefix,
  question,
  draft,
  disabled,
  onChoice,
  onText,
}: {
  idPrefix: string;
  question: Question;
  draft: Draft;
  disabled: boolean;
  onChoice: (value: string, checked: boolean) => void;
  onText: (text: string) => void;
}) {
  const text = textInputState(question, draft.choices);
  const radio = question.kind === 'radio';
  const lastIndex = question.options.length - 1;
  return (
    <fieldset className="mb-4 app-question" data-question={question.id}>
      <legend className="fs-6 fw-semibold">{question.text}</legend>
      {question.options.map((o, i) => {
        const classes = [o.enabler ? 'enabler' : '', radio && question.handleMore ? 'handle-more' : ''].filter(Boolean).join(' ');
        return (
          <Form.Check key={o.value} id={`${idPrefix}-${i}`} type={radio ? 'radio' : 'checkbox'}>
            <Form.Check.Input
              type={radio ? 'radio' : 'checkbox'}
              name={idPrefix}
              value={o.value}
              className={classes || undefined}
              // a radio question needs one answer (the server checks it too); checkboxes may stay empty
              required={radio}
              disabled={disabled}
              checked={draft.choices.includes(o.value)}
              onChange={(e) => onChoice(o.value, e.target.checked)}
            />
            <Form.Check.Label>{o.label}</Form.Check.Label>
            {radio && i === lastIndex && <Form.Control.Feedback type="invalid">{it.questionnaire.choiceRequired}</Form.Control.Feedback>}
          </Form.Check>
        );
      })}
      {question.textInput && (
        <Form.Group controlId={`${idPrefix}-text`} className="mt-2">
          <Form.Label>{question.textInput.label}</Form.Label>
          <Form.Control
            name={`${idPrefix}-text`}
            value={draft.text}
            maxLength={2000}
            disabled={disabled || !text.enabled}
            required={text.required}
            // blank is not an answer
            pattern={text.required ? '.*\\S.*' : undefined}
            onChange={(e) => onText(e.target.value)}
          />
          <Form.Control.Feedback type="invalid">{it.questionnaire.textRequired}</Form.Control.Feedback>
        </Form.Group>
      )}
    </fieldset>
  );
}
