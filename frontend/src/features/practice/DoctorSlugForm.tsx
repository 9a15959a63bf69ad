import type { DoctorSummary } from '@studio/contracts';
import { type FormEvent, useState } from 'react';
import { Alert, Button, Form, InputGroup } from 'react-bootstrap';
import * as it from '../../i18n/it';
import { errorMessage } from '../../lib/api';
import { useSaveDoctorSlugMutation } from './settingsApi';

const t = it.settings;

/** the administrator chooses the address of a doctor's public page, /medici/<slug> (from the name until then) */
export function DoctorSlugForm({ doctor }: { doctor: DoctorSummary }) {
  const [save, saving] = useSaveDoctorSlugMutation();
  const [draft, setDraft] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = await save({ doctorId: doctor.id, slug: draft ?? doctor.slug });
    if (!('error' in result)) (setDraft(null), setDone(true));
  };
  const path = `/medici/${doctor.slug}`;
  return (
    <Form onSubmit={(e) => void submit(e)} className="mb-4" aria-label={t.slugTitle} style={{ maxWidth: '32rem' }}>
      <Form.Group controlId="settings-slug">
        <Form.Label>{t.slug}</Form.Label>
        <InputGroup>
          <InputGroup.Text>/medici/</InputGroup.Text>
          <Form.Control
            name="slug"
            value={draft ?? doctor.slug}
            required
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
            onChange={(e) => (setDraft(e.target.value), setDone(false))}
          />
          <Button type="submit" variant="outline-primary" disabled={saving.isLoading}>
            {t.save}
          </Button>
        </InputGroup>
        <Form.Text>
          {t.slugHelp} <a href={path}>{t.slugOpen}</a>
        </Form.Text>
      </Form.Group>
      <div aria-live="polite">
        {saving.isError && (
          <Alert variant="danger" className="mt-2">
            {errorMessage(saving.error)}
          </Alert>
        )}
        {done && (
          <Alert variant="success" role="status" className="mt-2">
            {t.saved}
          </Alert>
        )}
      </div>
    </Form>
  );
}
