import { errorBodyOf } from '@studio/contracts';
import { useState, type ReactNode } from 'react';
import { Alert, Button, Modal } from 'react-bootstrap';
import * as it from '../../i18n/it';
import { CSRF_HEADER, useGetSessionQuery } from '../../lib/api';
import { ValidatedForm } from './ValidatedForm';

export interface ModalFormProps<T> {
  id: string;
  title: ReactNode;
  /** the form's own action and method: the submission goes there */
  action: string;
  method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** a JSON body built from the form (typed numbers, booleans); without it the fields go form-encoded */
  body?: (form: HTMLFormElement) => unknown;
  /** the server's answer; the modal closes right after */
  onSaved?: (answer: T) => void;
  onClose: () => void;
  /** false keeps it mounted but hidden (default shown) */
  show?: boolean;
  submitLabel: ReactNode;
  cancelLabel?: ReactNode;
  submitVariant?: string;
  children: ReactNode;
}

/**
 * modal forms: the browser's checks first (needs-validation), then an asynchronous
 * submission by the form's own method and action with the session's CSRF token; the modal closes
 * on success and keeps the server's Italian error inside otherwise.
 */
export function ModalForm<T = unknown>({
  id,
  title,
  action,
  method = 'POST',
  body,
  onSaved,
  onClose,
  show = true,
  submitLabel,
  cancelLabel,
  submitVariant = 'primary',
  children,
}: ModalFormProps<T>) {
  const { data: session } = useGetSessionQuery();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = `${id}-title`;

  const submit = async (form: HTMLFormElement) => {
    setBusy(true);
    setProblem(null);
    try {
      let payload: string;
      let contentType: string;
      if (body) {
        payload = JSON.stringify(body(form));
        contentType = 'application/json';
      } else {
        const fields = new URLSearchParams();
        new FormData(form).forEach((value, key) => typeof value === 'string' && fields.append(key, value));
        payload = fields.toString();
        contentType = 'application/x-www-form-urlencoded';
      }
      const response = await fetch(
        new Request(form.getAttribute('action') ?? action, {
          method: form.dataset.method ?? method,
          credentials: 'include',
          headers: { 'Content-Type': contentType, Accept: 'application/json', ...(session?.csrfToken ? { [CSRF_HEADER]: session.csrfToken } : {}) },
          body: payload,
        }),
      );
      const text = await response.text();
      let answer: unknown = null;
      try {
        answer = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON: an error page */
      }
      if (!response.ok) {
        setProblem(errorBodyOf(answer)?.error.message ?? it.app.genericError);
        return;
      }
      onSaved?.(answer as T);
      onClose();
    } catch {
      setProblem(it.app.networkError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal show={show} onHide={onClose} aria-labelledby={titleId} centered>
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
            {cancelLabel ?? it.ui.cancel}
          </Button>
          <Button type="submit" variant={submitVariant} disabled={busy}>
            {submitLabel}
          </Button>
        </Modal.Footer>
      </ValidatedForm>
    </Modal>
  );
}
