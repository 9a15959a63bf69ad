import { type FormEvent } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { type DietTargetsRequest } from '@studio/contracts';
import { useGetTargetsQuery, useSaveTargetsMutation } from './clinicalRecordApi';
import { text, number } from './formValues';
import { Section, FieldCol, Submit } from './RecordFields';
import * as it from '../../../i18n/it';

const t = it.clinical;

export function Targets({ patientId }: { patientId: string }) {
  const targets = useGetTargetsQuery(patientId);
  const [save, state] = useSaveTargetsMutation();
  if (!targets.data) return null;
  const d = targets.data.targets;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const n = (k: string) => number(f, k) as number;
    const body: DietTargetsRequest = {
      energyKcal: Math.round(n('energyKcal')),
      protein: { unit: text(f, 'proteinUnit') as 'g/kg', value: n('proteinValue') },
      carbohydratePercentE: { min: n('carbsMin'), max: n('carbsMax') },
      sugarsMaxPercentE: n('sugars'),
      fatPercentE: { min: n('fatMin'), max: n('fatMax') },
      saturatedMaxPercentE: n('saturated'),
      fibreGPer1000Kcal: { min: n('fibreMin'), max: n('fibreMax') },
    };
    void save({ patientId, targets: body });
  };
  const field = (name: string, label: string, value: number) => (
    <FieldCol id={`targets-${name}`} label={label} name={name} inputMode="decimal" defaultValue={String(value).replace('.', ',')} required />
  );
  return (
    <Section title={t.targets}>
      {targets.data.isDefault && <p className="small text-body-secondary">{t.targetsDefault}</p>}
      <Form onSubmit={submit} key={JSON.stringify(d)}>
        <Row>
          {field('energyKcal', t.energyTarget, d.energyKcal)}
          {field('proteinValue', t.protein, d.protein.value)}
          <Col xs={6} md={3}>
            <Form.Group className="mb-2" controlId="targets-proteinUnit">
              <Form.Label>{t.proteinUnit}</Form.Label>
              <Form.Select name="proteinUnit" defaultValue={d.protein.unit}>
                <option value="g/kg">g/kg</option>
                <option value="%E">%E</option>
              </Form.Select>
            </Form.Group>
          </Col>
          {field('carbsMin', t.carbsMin, d.carbohydratePercentE.min)}
          {field('carbsMax', t.carbsMax, d.carbohydratePercentE.max)}
          {field('sugars', t.sugars, d.sugarsMaxPercentE)}
          {field('fatMin', t.fatMin, d.fatPercentE.min)}
          {field('fatMax', t.fatMax, d.fatPercentE.max)}
          {field('saturated', t.saturated, d.saturatedMaxPercentE)}
          {field('fibreMin', t.fibreMin, d.fibreGPer1000Kcal.min)}
          {field('fibreMax', t.fibreMax, d.fibreGPer1000Kcal.max)}
        </Row>
        <Submit label={t.save} state={state} showDone />
      </Form>
    </Section>
  );
}
