import type { QuestionnaireView, VisitTypeView } from '@studio/contracts';
import { useState } from 'react';
import { Alert, Badge, Button, Card } from 'react-bootstrap';
import { errorMessage } from '../../../lib/api';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import * as it from '../../../i18n/it';
import { useDeleteQuestionnaireMutation, useSetQuestionnaireActiveMutation } from './editorApi';

const t = it.questionnaireEditor;

export interface QuestionnaireListProps {
  questionnaires: readonly QuestionnaireView[];
  /** the doctor's visit types: which of them name each questionnaire */
  visitTypes?: readonly VisitTypeView[];
  /** absent: read-only */
  onEdit?: (q: QuestionnaireView) => void;
  /** after a switch or a deletion */
  onChanged?: () => void;
}

/** the doctor's questionnaires: version, on/off, the visit types naming them; edit, switch, delete */
export function QuestionnaireList({ questionnaires, visitTypes = [], onEdit, onChanged }: QuestionnaireListProps) {
  const [setActive, switching] = useSetQuestionnaireActiveMutation();
  const [remove, removing] = useDeleteQuestionnaireMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<QuestionnaireView | null>(null);
  const [deleteProblem, setDeleteProblem] = useState<string | null>(null);

  const toggle = async (q: QuestionnaireView) => {
    setProblem(null);
    try {
      await setActive({ id: q.id, active: !q.active }).unwrap();
      onChanged?.();
    } catch (error) {
      setProblem(errorMessage(error, t.switchFailed));
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteProblem(null);
    try {
      await remove(deleting.id).unwrap();
      setDeleting(null);
      onChanged?.();
    } catch (error) {
      setDeleteProblem(errorMessage(error, t.removeFailed));
    }
  };

  if (questionnaires.length === 0) return <p className="text-body-secondary">{t.listEmpty}</p>;
  return (
    <>
      {problem && (
        <Alert variant="danger" role="alert" dismissible onClose={() => setProblem(null)} closeLabel={it.app.dismiss}>
          {problem}
        </Alert>
      )}
      <ul className="list-unstyled d-grid gap-3" aria-label={t.listTitle}>
        {questionnaires.map((qn) => {
          const naming = visitTypes.filter((v) => v.questionnaireIds.includes(qn.id) && !v.archived).map((v) => v.name);
          return (
            <li key={qn.id}>
              <Card className={qn.active ? undefined : 'border-secondary'}>
                <Card.Body>
                  <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
                    <Card.Title as="h3" className="h6 mb-0 me-auto">
                      {qn.title}
                    </Card.Title>
                    <Badge bg="light" text="dark">
                      {t.version(qn.version)}
                    </Badge>
                    <Badge bg={qn.active ? 'success' : 'secondary'}>{qn.active ? t.active : t.inactive}</Badge>
                  </div>
                  {!qn.active && <p className="small text-body-secondary mb-2">{t.inactiveNote}</p>}
                  <p className="small mb-2">{naming.length > 0 ? t.assignedTo(naming.join(', ')) : t.assignedNone}</p>
                  <ol className="mb-2">
                    {qn.questions.map((q) => (
                      <li key={q.id} className="mb-2">
                        <span className="fw-semibold">{q.text}</span> <span className="text-body-secondary small">({t.kinds[q.kind]})</span>
                        <ul className="small mb-1">
                          {q.options.map((o) => (
                            <li key={o.value}>
                              {o.label}
                              {o.enabler && (
                                <Badge bg="info" text="dark" className="ms-2">
                                  {t.enablerBadge}
                                </Badge>
                              )}
                            </li>
                          ))}
                        </ul>
                        {q.handleMore && <div className="small text-body-secondary">{t.handleMoreNote}</div>}
                        {q.textInput && <div className="small text-body-secondary">{t.textInputNote(q.textInput.label)}</div>}
                      </li>
                    ))}
                  </ol>
                  {onEdit && (
                    <div className="d-flex flex-wrap align-items-center gap-2">
                      <Button variant="outline-primary" size="sm" aria-label={t.editFor(qn.title)} onClick={() => onEdit(qn)}>
                        {t.edit}
                      </Button>
                      <Button
                        variant="outline-secondary"
                        size="sm"
                        aria-label={qn.active ? t.switchOffFor(qn.title) : t.switchOnFor(qn.title)}
                        disabled={switching.isLoading}
                        onClick={() => void toggle(qn)}
                      >
                        {qn.active ? t.switchOff : t.switchOn}
                      </Button>
                      <Button
                        variant="outline-danger"
                        size="sm"
                        aria-label={t.removeFor(qn.title)}
                        disabled={qn.answered === true}
                        onClick={() => (setDeleteProblem(null), setDeleting(qn))}
                      >
                        {t.remove}
                      </Button>
                      {qn.answered && <span className="small text-body-secondary">{t.answeredNote}</span>}
                    </div>
                  )}
                </Card.Body>
              </Card>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        show={deleting !== null}
        titleId="questionnaire-delete-title"
        title={deleting ? t.removeTitle(deleting.title) : ''}
        error={deleteProblem}
        backLabel={t.removeBack}
        confirmLabel={removing.isLoading ? t.removing : t.removeConfirm}
        busy={removing.isLoading}
        onBack={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      >
        <p className="mb-0">{t.removeBody}</p>
      </ConfirmDialog>
    </>
  );
}
