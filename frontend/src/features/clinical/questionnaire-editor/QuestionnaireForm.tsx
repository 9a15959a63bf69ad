import { useState } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { errorMessage } from '../../../lib/api';
import { LockableButton } from '../../../components/ui/LockableButton';
import { ValidatedForm } from '../../../components/ui/ValidatedForm';
import * as it from '../../../i18n/it';
import type { QuestionnaireView } from '@studio/contracts';
import { checkDraft, emptyDraft, fromQuestionnaire, newOption, newQuestion, type QuestionDraft, type QuestionnaireDraft } from './draft';
import { useDefineQuestionnaireMutation, useReviseQuestionnaireMutation } from './editorApi';

const t = it.questionnaireEditor;

/**
 * a new questionnaire, or (`editing`) a new version of one: title, questions and their options; checked with the
 * contracts' schema before sending
 */
export function QuestionnaireForm({
  doctorId,
  onSaved,
  editing,
  onCancel,
}: {
  doctorId?: string;
  onSaved: (message: string) => void;
  editing?: QuestionnaireView;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState<QuestionnaireDraft>(() => (editing ? fromQuestionnaire(editing) : emptyDraft()));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [formKey, setFormKey] = useState(0);
  const [define, defining] = useDefineQuestionnaireMutation();
  const [revise, revising] = useReviseQuestionnaireMutation();
  const isLoading = defining.isLoading || revising.isLoading;

  const setQuestion = (index: number, change: (q: QuestionDraft) => QuestionDraft) =>
    setDraft((d) => ({ ...d, questions: d.questions.map((q, i) => (i === index ? change(q) : q)) }));

  const retry = (message: string) => {
    setProblem(message);
    setAttempt((n) => n + 1);
  };

  const submit = async () => {
    setSaved(false);
    const checked = checkDraft(draft, doctorId);
    if (!checked.ok) return retry(checked.message);
    try {
      if (editing) {
        const { title, questions } = checked.body;
        const after = await revise({ id: editing.id, body: { title, questions } }).unwrap();
        setProblem(null);
        onSaved(t.edited(after.version));
        return;
      }
      await define(checked.body).unwrap();
      setProblem(null);
      setDraft(emptyDraft());
      setFormKey((k) => k + 1); // a fresh form: no was-validated left over
      setAttempt((n) => n + 1);
      setSaved(true);
      onSaved(t.saved);
    } catch (error) {
      retry(errorMessage(error, t.failed));
    }
  };

  return (
    <section aria-labelledby={editing ? 'questionnaire-edit-title' : 'questionnaire-new-title'} className="mt-4">
      <h2 id={editing ? 'questionnaire-edit-title' : 'questionnaire-new-title'} className="h5">
        {editing ? t.editTitle(editing.title, editing.version + 1) : t.newTitle}
      </h2>
      {editing && <p className="small text-body-secondary">{t.editNote}</p>}
      {saved && (
        <Alert variant="success" dismissible onClose={() => setSaved(false)} closeLabel={it.app.dismiss}>
          {t.saved}
        </Alert>
      )}
      <ValidatedForm
        key={formKey}
        id={editing ? 'questionnaire-revision' : 'questionnaire-editor'}
        onValidSubmit={() => void submit()}
        onInvalidSubmit={() => setAttempt((n) => n + 1)}
      >
        <Form.Group controlId="questionnaire-title" className="mb-3">
          <Form.Label>{t.titleLabel}</Form.Label>
          <Form.Control required maxLength={200} value={draft.title} onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))} />
          <Form.Control.Feedback type="invalid">{t.required}</Form.Control.Feedback>
        </Form.Group>

        {draft.questions.map((q, qi) => {
          const n = qi + 1;
          const radio = q.kind === 'radio';
          return (
            <Card key={q.key} className="mb-3">
              <Card.Body>
                <fieldset>
                  <legend className="h6">{t.question(n)}</legend>
                  <Form.Group controlId={`q-${q.key}-text`} className="mb-2">
                    <Form.Label>{t.questionText(n)}</Form.Label>
                    <Form.Control required maxLength={500} value={q.text} onChange={(e) => setQuestion(qi, (x) => ({ ...x, text: e.target.value }))} />
                    <Form.Control.Feedback type="invalid">{t.required}</Form.Control.Feedback>
                  </Form.Group>
                  <Form.Group controlId={`q-${q.key}-kind`} className="mb-2">
                    <Form.Label>{t.kind(n)}</Form.Label>
                    <Form.Select value={q.kind} onChange={(e) => setQuestion(qi, (x) => ({ ...x, kind: e.target.value as QuestionDraft['kind'] }))}>
                      <option value="radio">{t.kinds.radio}</option>
                      <option value="checkbox">{t.kinds.checkbox}</option>
                    </Form.Select>
                  </Form.Group>

                  {q.options.map((o, oi) => {
                    const setOption = (change: Partial<typeof o>) =>
                      setQuestion(qi, (x) => ({ ...x, options: x.options.map((y, j) => (j === oi ? { ...y, ...change } : y)) }));
                    return (
                      <div key={o.key} className="d-flex flex-wrap align-items-center gap-2 mb-2">
                        <Form.Control
                          className="flex-grow-1 w-auto"
                          aria-label={t.optionLabel(n, oi + 1)}
                          placeholder={t.optionLabel(n, oi + 1)}
                          required
                          maxLength={200}
                          value={o.label}
                          onChange={(e) => setOption({ label: e.target.value })}
                        />
                        <Form.Check
                          id={`q-${q.key}-o-${o.key}-enabler`}
                          label={t.enabler}
                          aria-label={t.enablerFor(n, oi + 1)}
                          checked={o.enabler && !(radio && q.handleMore)}
                          disabled={radio && q.handleMore}
                          onChange={(e) => setOption({ enabler: e.target.checked })}
                        />
                        <Button
                          variant="outline-danger"
                          size="sm"
                          aria-label={t.removeOption(n, oi + 1)}
                          disabled={q.options.length <= 1}
                          onClick={() => setQuestion(qi, (x) => ({ ...x, options: x.options.filter((_, j) => j !== oi) }))}
                        >
                          ×
                        </Button>
                      </div>
                    );
                  })}
                  <Button
                    variant="outline-secondary"
                    size="sm"
                    className="mb-2"
                    onClick={() => setQuestion(qi, (x) => ({ ...x, options: [...x.options, newOption()] }))}
                  >
                    {t.addOption} ({t.question(n)})
                  </Button>

                  {radio && (
                    <Form.Check
                      type="switch"
                      id={`q-${q.key}-handle-more`}
                      label={t.handleMore}
                      aria-label={t.handleMoreFor(n)}
                      checked={q.handleMore}
                      onChange={(e) => setQuestion(qi, (x) => ({ ...x, handleMore: e.target.checked }))}
                      className="mb-2"
                    />
                  )}
                  <Form.Group controlId={`q-${q.key}-text-label`} className="mb-2">
                    <Form.Label>{t.textLabel(n)}</Form.Label>
                    <Form.Control maxLength={200} value={q.textLabel} onChange={(e) => setQuestion(qi, (x) => ({ ...x, textLabel: e.target.value }))} />
                  </Form.Group>
                  <Button
                    variant="outline-danger"
                    size="sm"
                    disabled={draft.questions.length <= 1}
                    onClick={() => setDraft((d) => ({ ...d, questions: d.questions.filter((_, i) => i !== qi) }))}
                  >
                    {t.removeQuestion(n)}
                  </Button>
                </fieldset>
              </Card.Body>
            </Card>
          );
        })}

        <div className="d-flex flex-wrap gap-2">
          <Button variant="outline-primary" onClick={() => setDraft((d) => ({ ...d, questions: [...d.questions, newQuestion()] }))}>
            {t.addQuestion}
          </Button>
          <LockableButton type="submit" lockKey={attempt} disabled={isLoading}>
            {isLoading ? t.saving : editing ? t.saveEdit : t.save}
          </LockableButton>
          {editing && onCancel && (
            <Button variant="outline-secondary" onClick={onCancel}>
              {t.cancelEdit}
            </Button>
          )}
        </div>
        {problem && (
          <Alert variant="danger" className="mt-3" role="alert">
            {problem}
          </Alert>
        )}
      </ValidatedForm>
    </section>
  );
}
