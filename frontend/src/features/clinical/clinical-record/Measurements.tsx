import { useState, type FormEvent } from 'react';
import { Form, Row, Table } from 'react-bootstrap';
import { type ClinicalRecordView, type MeasurementRequest } from '@studio/contracts';
import { formatDay, formatNumber } from '../../../lib/format';
import { useAddMeasurementMutation, useGetSelfMeasurementsQuery } from './clinicalRecordApi';
import { SelfReported } from './SelfReported';
import { MeasureChart, type MeasureKey } from './MeasureChart';
import { text, number, today, resetWhenSaved } from './formValues';
import { Section, SelectField, FieldCol, Submit } from './RecordFields';
import * as it from '../../../i18n/it';

const t = it.clinical;

const FOLDS = ['biceps', 'triceps', 'subscapular', 'suprailiac', 'chest', 'abdomen', 'thigh'] as const;
const BIA = ['resistanceOhm', 'reactanceOhm', 'phaseAngleDeg', 'fatMassKg', 'fatFreeMassKg', 'totalWaterL', 'extracellularWaterL'] as const;

export function Measurements({ patientId, view }: { patientId: string; view: ClinicalRecordView }) {
  const [add, state] = useAddMeasurementMutation();
  const [measure, setMeasure] = useState<MeasureKey>('weightKg');
  const series = view.measurements;
  // the patient's own: apart from the series the figures are computed from, until accepted (then they are in it)
  const allOwn = useGetSelfMeasurementsQuery(patientId).data ?? [];
  const own = allOwn.filter((m) => !m.acceptedAs);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const folds = Object.fromEntries(FOLDS.map((k) => [k, number(f, `fold-${k}`)]).filter(([, v]) => v !== undefined));
    const bia = Object.fromEntries(BIA.map((k) => [k, number(f, `bia-${k}`)]).filter(([, v]) => v !== undefined));
    const body: MeasurementRequest = {
      date: text(f, 'date'),
      weightKg: number(f, 'weightKg') as number,
      heightCm: number(f, 'heightCm') as number,
      ...(number(f, 'waistCm') !== undefined ? { waistCm: number(f, 'waistCm') } : {}),
      ...(number(f, 'hipCm') !== undefined ? { hipCm: number(f, 'hipCm') } : {}),
      ...(Object.keys(folds).length ? { skinfoldsMm: folds } : {}),
      ...(Object.keys(bia).length ? { bia } : {}),
    };
    resetWhenSaved(add({ patientId, measurement: body }), form);
  };
  const latestHeight = series.at(-1)?.heightCm;
  const field = (name: string, label: string, props: Record<string, unknown> = {}) => (
    <FieldCol key={name} id={`measurement-${name}`} label={label} name={name} inputMode="decimal" {...props} />
  );
  return (
    <Section title={t.measurements}>
      {series.length === 0 ? (
        <p>{t.noMeasurements}</p>
      ) : (
        <>
          <div className="table-responsive">
            <Table size="sm" className="align-middle">
              <caption className="visually-hidden">{t.measurements}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.date}</th>
                  <th scope="col">{t.weight}</th>
                  <th scope="col">{t.bmi}</th>
                  <th scope="col">{t.bmiClass}</th>
                  <th scope="col">{t.whr}</th>
                  <th scope="col">{t.bodyFat}</th>
                </tr>
              </thead>
              <tbody>
                {series.map((m) => (
                  <tr key={m.id}>
                    <td>{formatDay(m.date)}</td>
                    <td>{formatNumber(m.weightKg)}</td>
                    <td>{formatNumber(m.bmi)}</td>
                    <td>{m.bmiClass}</td>
                    <td>{m.waistHipRatio === null ? '—' : m.waistHipRatio.toLocaleString('it-IT')}</td>
                    <td>{formatNumber(m.bodyFatPercent ?? m.bodyFatJacksonPollockPercent ?? m.bia?.fatMassKg ?? null)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
          {series.some((m) => m.bodyFatPercent === null && m.bodyFatJacksonPollockPercent === null && !m.bia) && (
            <p className="small text-body-secondary">{t.bodyFatNeeds(view.record?.sex)}</p>
          )}
          <h3 className="h6">{t.trend}</h3>
          <div style={{ maxWidth: 320 }}>
            <SelectField
              id="measure-choice"
              label={t.measure}
              value={measure}
              onChange={(e) => setMeasure(e.target.value as MeasureKey)}
              options={t.measures}
            />
          </div>
          <MeasureChart series={series} measure={measure} selfReported={own} />
        </>
      )}
      <SelfReported patientId={patientId} measures={allOwn} />
      <h3 className="h6 mt-3">{t.newMeasurement}</h3>
      <Form onSubmit={submit}>
        <Row>
          {field('date', t.date, { type: 'date', defaultValue: today(), required: true, inputMode: undefined })}
          {field('weightKg', t.weight, { required: true })}
          {field('heightCm', t.height, { required: true, defaultValue: latestHeight ?? '' })}
          {field('waistCm', t.waist)}
          {field('hipCm', t.hip)}
        </Row>
        <details className="mb-2">
          <summary>{t.skinfolds}</summary>
          <Row className="mt-2">{FOLDS.map((k) => field(`fold-${k}`, t.folds[k]))}</Row>
        </details>
        <details className="mb-2">
          <summary>{t.bia}</summary>
          <Row className="mt-2">{BIA.map((k) => field(`bia-${k}`, t.biaFields[k]))}</Row>
        </details>
        <Submit label={t.addMeasurement} state={state} showDone />
      </Form>
    </Section>
  );
}
