import { type FormEvent } from 'react';
import { Form } from 'react-bootstrap';
import { type ClinicalRecordView } from '@studio/contracts';
import { formatDay, formatNumber } from '../../../lib/format';
import { recordPaths, useUploadAttachmentMutation } from './clinicalRecordApi';
import { resetWhenSaved } from './formValues';
import { Section, Submit } from './RecordFields';
import * as it from '../../../i18n/it';

const t = it.clinical;

export function Attachments({ patientId, view }: { patientId: string; view: ClinicalRecordView }) {
  const [upload, state] = useUploadAttachmentMutation();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const file = (form.elements.namedItem('file') as HTMLInputElement).files?.[0];
    if (file) resetWhenSaved(upload({ patientId, file }), form);
  };
  return (
    <Section title={t.attachments}>
      {view.attachments.length === 0 ? (
        <p>{t.noAttachments}</p>
      ) : (
        <ul>
          {view.attachments.map((a) => (
            <li key={a.id}>
              <a href={recordPaths.attachment(patientId, a.id)}>{a.name}</a>{' '}
              <span className="small text-body-secondary">
                ({formatNumber(a.sizeBytes / 1024)} KB, {formatDay(a.addedAt)})
              </span>
            </li>
          ))}
        </ul>
      )}
      <Form onSubmit={submit}>
        <Form.Group className="mb-2" controlId="attachment-file">
          <Form.Label>{t.attachmentFile}</Form.Label>
          <Form.Control type="file" name="file" accept="application/pdf,image/jpeg,image/png" required />
        </Form.Group>
        <Submit label={t.upload} state={state} />
      </Form>
    </Section>
  );
}
