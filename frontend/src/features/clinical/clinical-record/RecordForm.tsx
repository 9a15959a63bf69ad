import { type FormEvent } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { type ClinicalRecordRequest, type ClinicalRecordView } from '@studio/contracts';
import { useSaveRecordMutation } from './clinicalRecordApi';
import { text } from './formValues';
import { Section, SelectField, Submit } from './RecordFields';
import { AllergiesFieldset, allergiesOfForm } from './AllergiesFieldset';
import * as it from '../../../i18n/it';

const t = it.clinical;

export function RecordForm({ patientId, view }: { patientId: string; view: ClinicalRecordView }) {
  const [save, state] = useSaveRecordMutation();
  const r = view.record;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const kind = text(f, 'diagnosisKind');
    const body: ClinicalRecordRequest = {
      sex: text(f, 'sex') as 'F' | 'M',
      birthDate: text(f, 'birthDate'),
      anamnesis: {
        physiological: text(f, 'physiological'),
        pathological: text(f, 'pathological'),
        family: text(f, 'family'),
        drugs: text(f, 'drugs'),
        dietHistory: text(f, 'dietHistory'),
        lifestyle: {
          ...(text(f, 'smoking') ? { smoking: text(f, 'smoking') as 'mai' } : {}),
          ...(text(f, 'activity') ? { activity: text(f, 'activity') as 'leggero' } : {}),
          notes: text(f, 'lifestyleNotes'),
        },
      },
      allergies: allergiesOfForm(f),
      diagnosis: kind ? { kind: kind as 'diagnosi', text: text(f, 'diagnosisText'), date: text(f, 'diagnosisDate'), author: text(f, 'diagnosisAuthor') } : null,
      consents: { healthData: f.get('consentHealth') === 'on', sharing: f.get('consentSharing') === 'on' },
    };
    void save({ patientId, record: body });
  };
  const area = (name: keyof typeof t, value: string | undefined) => (
    <Form.Group className="mb-2" controlId={`record-${name}`}>
      <Form.Label>{t[name] as string}</Form.Label>
      <Form.Control as="textarea" rows={2} name={name} defaultValue={value ?? ''} />
    </Form.Group>
  );
  return (
    <Section title={t.record}>
      <Form onSubmit={submit} key={view.updatedAt ?? 'new'}>
        <Row>
          <Col sm={6}>
            <Form.Group className="mb-2" controlId="record-sex">
              <Form.Label>{t.sex}</Form.Label>
              <Form.Select name="sex" defaultValue={r?.sex ?? ''} required>
                <option value="" disabled>
                  —
                </option>
                <option value="F">{t.sexF}</option>
                <option value="M">{t.sexM}</option>
              </Form.Select>
            </Form.Group>
          </Col>
          <Col sm={6}>
            <Form.Group className="mb-2" controlId="record-birthDate">
              <Form.Label>{t.birthDate}</Form.Label>
              <Form.Control type="date" name="birthDate" defaultValue={r?.birthDate ?? ''} required />
            </Form.Group>
          </Col>
        </Row>
        {area('physiological', r?.anamnesis.physiological)}
        {area('pathological', r?.anamnesis.pathological)}
        {area('family', r?.anamnesis.family)}
        {area('drugs', r?.anamnesis.drugs)}
        {area('dietHistory', r?.anamnesis.dietHistory)}
        <Row>
          <Col sm={6}>
            <SelectField
              id="record-smoking"
              label={t.smoking}
              name="smoking"
              defaultValue={r?.anamnesis.lifestyle?.smoking ?? ''}
              options={t.smokingOptions}
              empty={'—'}
            />
          </Col>
          <Col sm={6}>
            <SelectField
              id="record-activity"
              label={t.activity}
              name="activity"
              defaultValue={r?.anamnesis.lifestyle?.activity ?? ''}
              options={t.activityOptions}
              empty={'—'}
            />
          </Col>
        </Row>
        {area('lifestyleNotes', r?.anamnesis.lifestyle?.notes)}
        <AllergiesFieldset allergies={r?.allergies ?? []} />
        <fieldset className="mb-2">
          <legend className="h6">{t.diagnosis}</legend>
          <Row>
            <Col sm={4}>
              <SelectField
                id="record-diagnosisKind"
                label={t.diagnosisKind}
                name="diagnosisKind"
                defaultValue={r?.diagnosis?.kind ?? ''}
                options={t.diagnosisKinds}
                empty={t.diagnosisNone}
              />
            </Col>
            <Col sm={4}>
              <Form.Group className="mb-2" controlId="record-diagnosisDate">
                <Form.Label>{t.diagnosisDate}</Form.Label>
                <Form.Control type="date" name="diagnosisDate" defaultValue={r?.diagnosis?.date ?? ''} />
              </Form.Group>
            </Col>
            <Col sm={4}>
              <Form.Group className="mb-2" controlId="record-diagnosisAuthor">
                <Form.Label>{t.diagnosisAuthor}</Form.Label>
                <Form.Control name="diagnosisAuthor" defaultValue={r?.diagnosis?.author ?? ''} />
              </Form.Group>
            </Col>
          </Row>
          <Form.Group className="mb-2" controlId="record-diagnosisText">
            <Form.Label>{t.diagnosisText}</Form.Label>
            <Form.Control as="textarea" rows={2} name="diagnosisText" defaultValue={r?.diagnosis?.text ?? ''} />
          </Form.Group>
        </fieldset>
        <Form.Check id="record-consentHealth" name="consentHealth" label={t.consentHealth} defaultChecked={r?.consents.healthData ?? false} />
        <Form.Check id="record-consentSharing" name="consentSharing" label={t.consentSharing} defaultChecked={r?.consents.sharing ?? false} />
        <Submit label={t.save} state={state} showDone className="mt-2" />
      </Form>
    </Section>
  );
}
