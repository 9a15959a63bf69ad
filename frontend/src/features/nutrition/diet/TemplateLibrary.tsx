import type { DietTemplateView } from '@studio/contracts';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Form, ListGroup, Modal } from 'react-bootstrap';
import * as it from '../../../i18n/it';
import { errorMessage } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';
import { useDeleteDietTemplateMutation, useRenameDietTemplateMutation } from './libraryApi';
import { useGetDietTemplatesQuery } from './planApi';

const t = it.dietLibrary.templates;
const common = { close: it.dietPlan.lists.close, keep: it.dietLibrary.keep };
type Pending = { kind: 'rename'; template: DietTemplateView; name: string } | { kind: 'delete'; template: DietTemplateView } | null;

/** The practice's template library: each template renamed or deleted (doctors only; the server tells anyone else why not). */
export function TemplateLibrary() {
  const [show, setShow] = useState(false);
  const templates = useGetDietTemplatesQuery(undefined, { skip: !show });
  const [rename, renaming] = useRenameDietTemplateMutation();
  const [remove, removing] = useDeleteDietTemplateMutation();
  const [pending, setPending] = useState<Pending>(null);
  const [message, setMessage] = useState<{ variant: 'success' | 'danger'; text: string } | null>(null);

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (!pending) return;
    setMessage(null);
    try {
      if (pending.kind === 'rename') {
        const saved = await rename({ id: pending.template.id, name: pending.name }).unwrap();
        setMessage({ variant: 'success', text: t.renamed(saved.name) });
      } else {
        await remove(pending.template.id).unwrap();
        setMessage({ variant: 'success', text: t.deleted(pending.template.name) });
      }
      setPending(null);
    } catch (error) {
      setMessage({ variant: 'danger', text: errorMessage(error) });
    }
  };

  return (
    <>
      <Button size="sm" variant="outline-secondary" onClick={() => setShow(true)}>
        {t.open}
      </Button>
      <Modal show={show} onHide={() => setShow(false)} size="lg" aria-labelledby="diet-templates-title">
        <Modal.Header closeButton closeLabel={common.close}>
          <Modal.Title id="diet-templates-title" as="h2" className="h5">
            {t.open}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {message && (
            <Alert variant={message.variant} role={message.variant === 'danger' ? 'alert' : 'status'}>
              {message.text}
            </Alert>
          )}
          {templates.isError && <Alert variant="danger">{errorMessage(templates.error)}</Alert>}
          {templates.data && templates.data.length === 0 && <p>{it.dietPlan.noTemplates}</p>}
          <ListGroup>
            {(templates.data ?? []).map((template) => (
              <ListGroup.Item key={template.id}>
                {pending?.template.id === template.id ? (
                  <Form
                    onSubmit={(e) => void confirm(e)}
                    className="d-flex flex-wrap align-items-end gap-2"
                    aria-label={pending.kind === 'rename' ? t.rename(template.name) : t.delete(template.name)}
                  >
                    {pending.kind === 'rename' ? (
                      <Form.Group controlId={`template-name-${template.id}`} className="me-auto">
                        <Form.Label>{t.newName}</Form.Label>
                        <Form.Control value={pending.name} maxLength={120} autoFocus onChange={(e) => setPending({ ...pending, name: e.target.value })} />
                      </Form.Group>
                    ) : (
                      <p className="me-auto mb-0">{t.deleteBody(template.name)}</p>
                    )}
                    <Button type="button" size="sm" variant="outline-secondary" onClick={() => setPending(null)}>
                      {common.keep}
                    </Button>
                    <Button
                      type="submit"
                      size="sm"
                      variant={pending.kind === 'rename' ? 'primary' : 'danger'}
                      disabled={renaming.isLoading || removing.isLoading || (pending.kind === 'rename' && !pending.name.trim())}
                    >
                      {pending.kind === 'rename' ? t.rename(template.name) : t.delete(template.name)}
                    </Button>
                  </Form>
                ) : (
                  <div className="d-flex flex-wrap align-items-center gap-2">
                    <div className="me-auto">
                      <strong>{template.name}</strong>
                      <div className="small text-body-secondary">{template.days.map((d) => `${formatNumber(d.kcal)} kcal`).join(' · ')}</div>
                    </div>
                    <Button size="sm" variant="outline-primary" onClick={() => setPending({ kind: 'rename', template, name: template.name })}>
                      {t.rename(template.name)}
                    </Button>
                    <Button size="sm" variant="outline-danger" onClick={() => setPending({ kind: 'delete', template })}>
                      {t.delete(template.name)}
                    </Button>
                  </div>
                )}
              </ListGroup.Item>
            ))}
          </ListGroup>
        </Modal.Body>
      </Modal>
    </>
  );
}
