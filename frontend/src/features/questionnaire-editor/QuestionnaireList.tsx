import type { QuestionnaireView } from '@studio/contracts';
import { Badge, Card } from 'react-bootstrap';
import { it } from '../../i18n/it';

const t = it.questionnaireEditor;

/** the doctor's questionnaires, read-only */
export function QuestionnaireList({ questionnaires }: { questionnaires: readonly QuestionnaireView[] }) {
  if (questionnaires.length === 0) return <p className="text-body-secondary">{t.listEmpty}</p>;
  return (
    <ul className="list-unstyled d-grid gap-3" aria-label={t.listTitle}>
      {questionnaires.map((qn) => (
        <li key={qn.id}>
          <Card>
            <Card.Body>
              <Card.Title as="h3" className="h6">
                {qn.title}
              </Card.Title>
              <ol className="mb-0">
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
            </Card.Body>
          </Card>
        </li>
      ))}
    </ul>
  );
}
