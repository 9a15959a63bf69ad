import { useState } from 'react';
import { Alert, Col, Form, Row } from 'react-bootstrap';
import { LARN_PAL, palForActivity, type ClinicalRecordView } from '@studio/contracts';
import { errorMessage } from '../../../lib/api';
import { useGetEnergyQuery } from './clinicalRecordApi';
import { Section, SelectField } from './RecordFields';
import * as it from '../../../i18n/it';

const t = it.clinical;

export function Energy({ patientId, view }: { patientId: string; view: ClinicalRecordView }) {
  const [equation, setEquation] = useState('mifflin');
  // the activity the anamnesis records gives the PAL until the doctor chooses another (sedentario without one)
  const fromAnamnesis = String(palForActivity(view.record?.anamnesis?.lifestyle?.activity) ?? LARN_PAL[0]);
  const [chosenPal, setPalChoice] = useState<string | null>(null);
  const palChoice = chosenPal ?? fromAnamnesis;
  const [custom, setCustom] = useState('1.5');
  const pal = palChoice === 'other' ? Number(custom.replace(',', '.')) : Number(palChoice);
  // what the equations need, asked for here instead of a 422 from the server (a console error on every visit)
  const missing = !view.record ? t.energyNeedsRecord : view.measurements.length === 0 ? t.energyNeedsMeasurement : null;
  const energy = useGetEnergyQuery({ patientId, equation, pal }, { skip: missing !== null || !(pal >= 1 && pal <= 2.5) });
  return (
    <Section title={t.energy}>
      <Row>
        <Col md={6}>
          <SelectField id="energy-equation" label={t.equation} value={equation} onChange={(e) => setEquation(e.target.value)} options={t.equations} />
        </Col>
        <Col md={3}>
          <Form.Group className="mb-2" controlId="energy-pal">
            <Form.Label>{t.pal}</Form.Label>
            <Form.Select value={palChoice} onChange={(e) => setPalChoice(e.target.value)}>
              {LARN_PAL.map((p) => (
                <option key={p} value={String(p)}>
                  {t.palOptions[String(p)]}
                </option>
              ))}
              <option value="other">{t.palOther}</option>
            </Form.Select>
          </Form.Group>
        </Col>
        {palChoice === 'other' && (
          <Col md={3}>
            <Form.Group className="mb-2" controlId="energy-pal-custom">
              <Form.Label>{t.palCustom}</Form.Label>
              <Form.Control inputMode="decimal" value={custom} onChange={(e) => setCustom(e.target.value)} />
            </Form.Group>
          </Col>
        )}
      </Row>
      {missing && <p className="text-body-secondary mb-0">{missing}</p>}
      {!missing && energy.isError && <Alert variant="warning">{errorMessage(energy.error)}</Alert>}
      {!missing && energy.data && (
        <dl className="row mb-0" aria-live="polite">
          <dt className="col-sm-4">{t.bmr}</dt>
          <dd className="col-sm-8" data-testid="bmr">
            {t.kcal(energy.data.bmrKcal)}
          </dd>
          <dt className="col-sm-4">{t.tdee}</dt>
          <dd className="col-sm-8" data-testid="tdee">
            {t.kcal(energy.data.tdeeKcal)}
          </dd>
        </dl>
      )}
    </Section>
  );
}
