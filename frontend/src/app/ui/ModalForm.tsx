import { ErrorBody } from '@studio/contracts';
import { useState, type ReactNode } from 'react';
import { Alert, Button, Modal } from 'react-bootstrap';
import { it } from '../../i18n/it';
import { CSRF_HEADER, useGetSessionQuery } from '../api';
import { ValidatedForm } from '../ValidatedForm';

export interface ModalFormProps<T> {
  id: string;
  title: string;
  /** the form's own action and method: the submission goes there */
  action: string;
  method: 'POST' | 'PUT';
  /** the JSON the form sends, from its fields */
  body: (form: HTMLFormElement) => unknown;
  onSaved: (answer: T) => void;
  onClose: () => void;
  submitLabel: string;
  cancelLabel: string;
  children: ReactNode;
}

/**
 * SPEC point 5, modal forms: the browser's checks first (needs-validation), then an asynchronous
 * submission by the form's own method and action; the modal closes on success and keeps the
 * server's Italian error inside otherwise.
 */
export function ModalForm<T>({ id, title, action, method, body, onSaved, onClose, submitLabel, cancelLabel, children }: ModalFormProps<T>) {
  const { data: session } = useGetSessionQuery();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = `${id}-title`;

  const submit = async (form: HTMLFormElement) => {
    setBusy(true);
    setProblem(null);
    try {
      const response = await fetch(
        new Request(form.getAttribute('action')!, {
          method: form.dataset.method ?? method,
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', ...(session?.csrfToken ? { [CSRF_HEADER]: session.csrfToken } : {}) },
          body: JSON.stringify(body(form)),
        }),
      );
      const json: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        const error = ErrorBody.safeParse(json);
        setProblem(error.success ? error.data.error.message : it.app.genericError);
        return;
      }
      onSaved(json as T);
      onClose();
    } catch {
      setProblem(it.app.networkError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal show onHide={onClose} aria-labelledby={titleId} centered>
      {/* method="post" for the browser; the real verb (PUT on an edit) travels in data-method */}
      <ValidatedForm id={id} action={action} method="post" data-method={method} onValidSubmit={(form) => void submit(form)} aria-labelledby={titleId}>
        <Modal.Header closeButton closeLabel={it.app.dismiss}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {problem && (
            <Alert variant="danger" role="alert">
              {problem}
            </Alert>
          )}
          {children}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button type="submit" disabled={busy}>
            {submitLabel}
          </Button>
        </Modal.Footer>
      </ValidatedForm>
    </Modal>
  );
}
