import { LARN_PAL, type ClinicalRecordRequest, type ClinicalRecordView, type DietTargetsRequest, type MeasurementRequest } from '@studio/contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Card, Col, Form, Row, Table, type FormControlProps, type FormSelectProps } from 'react-bootstrap';
import { Link, useParams } from 'react-router-dom';
import { Loading } from '../../components/ui/Loading';
import * as it from '../../i18n/it';
import { errorMessage } from '../../lib/api';
import { formatDateTime, formatDay, formatNumber } from '../../lib/format';
import { usePageTitle } from '../../lib/pageTitle';
import {
  recordPaths,
  useAddLabMutation,
  useAddMeasurementMutation,
  useGetEnergyQuery,
  useGetRecordQuery,
  useGetTargetsQuery,
  useSaveRecordMutation,
  useSaveTargetsMutation,
  useSignNoteMutation,
  useUploadAttachmentMutation,
} from './clinicalRecordApi';
import { MeasureChart, type MeasureKey } from './MeasureChart';

const t = it.clinical;
const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
const number = (form: FormData, name: string) => {
  const v = text(form, name).replace(',', '.');
  return v === '' ? undefined : Number(v);
};
const today = () => new Date().toISOString().slice(0, 10);

/** /pazienti/:patientId: the clinical record of a patient the doctor treats */
export function ClinicalRecordPage() {
  const { patientId = '' } = useParams();
  usePageTitle(t.titleFallback);
  const record = useGetRecordQuery(patientId);
  if (record.isLoading) return <Loading label={t.loading} />;
  if (record.isError || !record.data) return <Alert variant="danger">{errorMessage(record.error, t.loadError)}</Alert>;
  const view = record.data;
  return (
    <div className="clinical-record">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 me-auto mb-0">{t.titleFallback}</h1>
        <a className="btn btn-outline-primary" href={recordPaths.report(patientId)} target="_blank" rel="noreferrer">
          {t.report}
        </a>
        <Link className="btn btn-primary" to={`/diete/${encodeURIComponent(patientId)}`}>
          {t.dietLink}
        </Link>
      </div>
      <RecordForm patientId={patientId} view={view} />
      <Measurements patientId={patientId} view={view} />
      <Energy patientId={patientId} view={view} />
      <Targets patientId={patientId} />
      <Notes patientId={patientId} view={view} />
      <Labs patientId={patientId} view={view} />
      <Attachments patientId={patientId} view={view} />
    </div>
  );
}

function Status({ error, done }: { error: unknown; done: boolean }) {
  if (error)
    return (
      <Alert variant="danger" className="mt-2 mb-0">
        {errorMessage(error, t.saveError)}
      </Alert>
    );
  if (done)
    return (
      <p role="status" className="text-success mt-2 mb-0">
        {t.saved}
      </p>
    );
  return null;
}

/** one card of the record: its heading and content */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="mb-3">
      <Card.Body>
        <h2 className="h5">{title}</h2>
        {children}
      </Card.Body>
    </Card>
  );
}

/** a labelled choice among a catalogue's options; `empty` adds a first blank option */
function SelectField({
  id,
  label,
  options,
  empty,
  ...select
}: { id: string; label: string; options: Record<string, string>; empty?: string } & FormSelectProps & {
    name?: string;
    defaultValue?: string;
    value?: string;
  }) {
  return (
    <Form.Group className="mb-2" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select {...select}>
        {empty !== undefined && <option value="">{empty}</option>}
        {Object.entries(options).map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/** a labelled input in a grid column (measurements, targets, labs) */
function FieldCol({ id, label, ...control }: { id: string; label: string } & FormControlProps & Record<string, unknown>) {
  return (
    <Col xs={6} md={3}>
      <Form.Group className="mb-2" controlId={id}>
        <Form.Label>{label}</Form.Label>
        <Form.Control {...control} />
      </Form.Group>
    </Col>
  );
}

/** the submit button of a section's form and what became of the last submission */
function Submit({
  label,
  state,
  showDone = false,
  className,
}: {
  label: string;
  state: { isLoading: boolean; error?: unknown; isSuccess: boolean };
  showDone?: boolean;
  className?: string;
}) {
  return (
    <>
      <Button type="submit" className={className} disabled={state.isLoading}>
        {label}
      </Button>
      <Status error={state.error} done={showDone && state.isSuccess} />
    </>
  );
}

/** empties the form once the server has taken what it sent (kept on an error, so nothing typed is lost) */
const resetWhenSaved = (sent: { unwrap: () => Promise<unknown> }, form: HTMLFormElement, after?: () => void) =>
  void sent
    .unwrap()
    .then(() => (form.reset(), after?.()))
    .catch(() => undefined);

function RecordForm({ patientId, view }: { patientId: string; view: ClinicalRecordView }) {
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
      allergies: text(f, 'allergies')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
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
        <Form.Group className="mb-2" controlId="record-allergies">
          <Form.Label>{t.allergies}</Form.Label>
          <Form.Control name="allergies" defaultValue={r?.allergies.join(', ') ?? ''} aria-describedby="record-allergies-hint" />
          <Form.Text id="record-allergies-hint">{t.allergiesHint}</Form.Text>
        </Form.Group>
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

const FOLDS = ['biceps', 'triceps', 'subscapular', 'suprailiac', 'chest', 'abdomen', 'thigh'] as const;
const BIA = ['resistanceOhm', 'reactanceOhm', 'phaseAngleDeg', 'fatMassKg', 'fatFreeMassKg', 'totalWaterL', 'extracellularWaterL'] as const;

function Measurements({ patientId, view }: { patientId: string; view: ClinicalRecordView }) {
  const [add, state] = useAddMeasurementMutation();
  const [measure, setMeasure] = useState<MeasureKey>('weightKg');
  const series = view.measurements;
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
          <MeasureChart series={series} measure={measure} />
        </>
      )}
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

function Energy({ patientId, view }: { patientId: string; view: ClinicalRecordView }) {
  const [equation, setEquation] = useState('mifflin');
  const [palChoice, setPalChoice] = useState('1.45');
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

function Targets({ patientId }: { patientId: string }) {
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

function Notes({ patientId, view }: { patientId: string; view: ClinicalRecordView }) {
  const [sign, state] = useSignNoteMutation();
  const [correcting, setCorrecting] = useState<string | null>(null);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    resetWhenSaved(
      sign({ patientId, note: { visitDate: text(f, 'visitDate'), text: text(f, 'text'), ...(correcting ? { corrects: correcting } : {}) } }),
      form,
      () => setCorrecting(null),
    );
  };
  return (
    <Section title={t.notes}>
      {view.notes.length === 0 && <p>{t.noNotes}</p>}
      <ul className="list-unstyled">
        {view.notes.map((n) => (
          <li key={n.id} className="border-bottom py-2">
            <p className="mb-1 small text-body-secondary">
              {formatDay(n.visitDate)} · {t.signed(n.authorName, formatDateTime(n.signedAt))}
              {n.corrects && ` · ${t.corrects}`}
              {n.correctedBy.length > 0 && ` · ${t.correctedBy}`}
            </p>
            <p className="mb-1" style={{ whiteSpace: 'pre-wrap' }}>
              {n.text}
            </p>
            <Button size="sm" variant="outline-secondary" onClick={() => setCorrecting(n.id)}>
              {t.correct}
            </Button>
          </li>
        ))}
      </ul>
      <Form onSubmit={submit}>
        {correcting && <Alert variant="info">{t.correcting}</Alert>}
        <Row>
          <Col sm={4}>
            <Form.Group className="mb-2" controlId="note-visitDate">
              <Form.Label>{t.visitDate}</Form.Label>
              <Form.Control type="date" name="visitDate" defaultValue={today()} required />
            </Form.Group>
          </Col>
          <Col sm={8}>
            <Form.Group className="mb-2" controlId="note-text">
              <Form.Label>{t.noteText}</Form.Label>
              <Form.Control as="textarea" rows={3} name="text" required />
            </Form.Group>
          </Col>
        </Row>
        <Submit label={t.sign} state={state} />
      </Form>
    </Section>
  );
}

function Labs({ patientId, view }: { patientId: string; view: ClinicalRecordView }) {
  const [add, state] = useAddLabMutation();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    resetWhenSaved(
      add({ patientId, lab: { date: text(f, 'date'), analyte: text(f, 'analyte'), value: number(f, 'value') as number, unit: text(f, 'unit') } }),
      form,
    );
  };
  return (
    <Section title={t.labs}>
      {view.labs.length === 0 ? (
        <p>{t.noLabs}</p>
      ) : (
        <Table size="sm">
          <thead>
            <tr>
              <th scope="col">{t.date}</th>
              <th scope="col">{t.analyte}</th>
              <th scope="col">{t.value}</th>
            </tr>
          </thead>
          <tbody>
            {view.labs.map((l) => (
              <tr key={l.id}>
                <td>{formatDay(l.date)}</td>
                <td>{l.analyte}</td>
                <td>
                  {l.value.toLocaleString('it-IT')} {l.unit}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Form onSubmit={submit}>
        <Row>
          {(
            [
              ['date', t.date, { type: 'date', defaultValue: today() }],
              ['analyte', t.analyte, {}],
              ['value', t.value, { inputMode: 'decimal' }],
              ['unit', t.unit, {}],
            ] as const
          ).map(([name, label, props]) => (
            <FieldCol key={name} id={`lab-${name}`} label={label} name={name} required {...props} />
          ))}
        </Row>
        <Submit label={t.addLab} state={state} />
      </Form>
    </Section>
  );
}

function Attachments({ patientId, view }: { patientId: string; view: ClinicalRecordView }) {
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
