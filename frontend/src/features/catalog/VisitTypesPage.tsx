import type { QuestionnaireView, VisitMode, VisitTypeView } from '@studio/contracts';
import { useState } from 'react';
import { Alert, Badge, Button, Card, Form, Modal } from 'react-bootstrap';
import { useSearchParams } from 'react-router-dom';
import { Loading } from '../../components/ui/Loading';
import * as it from '../../i18n/it';
import { errorMessage, useGetSessionQuery } from '../../lib/api';
import { useGetDoctorsQuery } from '../../lib/doctorsApi';
import { centsToEuroInput, formatEuro, parseEuroToCents } from '../../lib/money';
import { usePageTitle } from '../../lib/pageTitle';
import {
  useArchiveVisitTypeMutation,
  useCreateVisitTypeMutation,
  useListStaffVisitTypesQuery,
  useListVisitTypeQuestionnairesQuery,
  useUpdateVisitTypeMutation,
} from './visitTypesApi';

const t = it.visitTypes;
const FOR_PARAM = 'for';

/**
 * /tipi-visita (issue 29): a doctor's visit types — name, length (30/60/90), price, mode, "solo prima visita", buffer,
 * notice, horizon and the questionnaires its patients answer; create, edit, archive. A doctor manages their own,
 * the front desk (admin) first picks a doctor.
 */
export function VisitTypesPage() {
  usePageTitle(t.title);
  const { data: session } = useGetSessionQuery();
  const user = session?.user ?? null;
  const isAdmin = user?.role === 'admin';
  const doctors = useGetDoctorsQuery(undefined, { skip: !isAdmin });
  const [params, setParams] = useSearchParams();
  const chosen = params.get(FOR_PARAM) ?? '';
  const doctorId = isAdmin ? (doctors.data?.some((d) => d.id === chosen) ? chosen : '') : (user?.id ?? '');
  if (!user) return null;
  return (
    <div className="app-visit-types">
      <h1 className="h3">{t.title}</h1>
      <p className="text-body-secondary small">{t.intro}</p>
      {isAdmin && doctors.isLoading && <Loading />}
      {isAdmin && doctors.data && (
        <Form.Group controlId="visit-types-doctor" className="mb-3">
          <Form.Label>{t.doctorSelect}</Form.Label>
          <Form.Select value={doctorId} onChange={(e) => setParams(e.target.value ? { [FOR_PARAM]: e.target.value } : {})}>
            <option value="">{t.doctorPlaceholder}</option>
            {doctors.data.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      )}
      {isAdmin && doctors.data && !doctorId && <Alert variant="info">{t.chooseDoctor}</Alert>}
      {doctorId && <DoctorVisitTypes key={doctorId} doctorId={doctorId} />}
    </div>
  );
}

function DoctorVisitTypes({ doctorId }: { doctorId: string }) {
  const list = useListStaffVisitTypesQuery(doctorId);
  const questionnaires = useListVisitTypeQuestionnairesQuery(doctorId);
  const [editing, setEditing] = useState<VisitTypeView | null>(null);
  const [archiving, setArchiving] = useState<VisitTypeView | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [archive, archiveState] = useArchiveVisitTypeMutation();
  const [archiveProblem, setArchiveProblem] = useState<string | null>(null);
  const titles = new Map((questionnaires.data ?? []).map((q) => [q.id, q.title]));
  const done = (message: string) => (setEditing(null), setNotice(message), void list.refetch());

  const confirmArchive = async () => {
    if (!archiving) return;
    setArchiveProblem(null);
    try {
      await archive({ doctorId, id: archiving.id }).unwrap();
      const name = archiving.name;
      setArchiving(null);
      done(t.archived(name));
    } catch (error) {
      setArchiveProblem(errorMessage(error, t.archiveFailed));
    }
  };

  return (
    <>
      <section aria-labelledby="visit-types-list-title">
        <h2 id="visit-types-list-title" className="h5">
          {t.listTitle}
        </h2>
        {notice && (
          <Alert variant="success" role="status" dismissible onClose={() => setNotice(null)} closeLabel={it.app.dismiss}>
            {notice}
          </Alert>
        )}
        {list.isLoading && <Loading />}
        {list.isError && (
          <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
            <span className="me-auto">{errorMessage(list.error, t.loadFailed)}</span>
            <Button variant="outline-danger" size="sm" onClick={() => void list.refetch()}>
              {it.app.retry}
            </Button>
          </Alert>
        )}
        {list.data && list.data.length === 0 && <p className="text-body-secondary">{t.empty}</p>}
        {list.data && list.data.length > 0 && (
          <ul className="list-unstyled d-grid gap-2" aria-label={t.listTitle}>
            {list.data.map((v) => (
              <li key={v.id}>
                <Card body>
                  <div className="d-flex flex-wrap align-items-center gap-2">
                    <h3 className="h6 mb-0 me-auto">{v.name}</h3>
                    <Badge bg="light" text="dark">
                      {t.minutes(v.minutes)}
                    </Badge>
                    <Badge bg="light" text="dark">
                      {formatEuro(v.priceCents)}
                    </Badge>
                    <Badge bg="info" text="dark">
                      {t.modes[v.mode]}
                    </Badge>
                    {v.firstVisitOnly && <Badge bg="primary">{t.firstVisitOnlyBadge}</Badge>}
                    {v.archived && <Badge bg="secondary">{t.archivedBadge}</Badge>}
                  </div>
                  <p className="small text-body-secondary mb-1 mt-1">{t.rules(v.bufferMinutes, Math.round(v.noticeMinutes / 60), v.horizonDays)}</p>
                  <p className="small mb-2">
                    {v.questionnaireIds.length > 0 ? t.questionnaires(v.questionnaireIds.map((id) => titles.get(id) ?? id).join(', ')) : t.questionnairesAll}
                  </p>
                  {!v.archived && (
                    <div className="d-flex gap-2">
                      <Button size="sm" variant="outline-primary" aria-label={t.editFor(v.name)} onClick={() => (setNotice(null), setEditing(v))}>
                        {t.edit}
                      </Button>
                      <Button size="sm" variant="outline-danger" aria-label={t.archiveFor(v.name)} onClick={() => (setArchiveProblem(null), setArchiving(v))}>
                        {t.archive}
                      </Button>
                    </div>
                  )}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
      <VisitTypeForm
        key={editing?.id ?? 'new'}
        doctorId={doctorId}
        editing={editing}
        questionnaires={questionnaires.data ?? []}
        onDone={done}
        onCancel={() => setEditing(null)}
      />
      <Modal show={archiving !== null} onHide={() => setArchiving(null)} aria-labelledby="visit-type-archive-title">
        <Modal.Header closeButton closeLabel={it.app.dismiss}>
          <Modal.Title id="visit-type-archive-title" as="h2" className="h5">
            {archiving ? t.archiveTitle(archiving.name) : ''}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">{t.archiveBody}</p>
          {archiveProblem && (
            <Alert variant="danger" role="alert" className="mt-3 mb-0">
              {archiveProblem}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setArchiving(null)}>
            {t.archiveBack}
          </Button>
          <Button variant="danger" disabled={archiveState.isLoading} onClick={() => void confirmArchive()}>
            {t.archiveConfirm}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}

interface FormState {
  name: string;
  minutes: number;
  price: string;
  mode: VisitMode;
  firstVisitOnly: boolean;
  bufferMinutes: number;
  noticeHours: number;
  horizonDays: number;
  questionnaireIds: string[];
}

const fromView = (v: VisitTypeView | null): FormState =>
  v
    ? {
        name: v.name,
        minutes: v.minutes,
        price: centsToEuroInput(v.priceCents),
        mode: v.mode,
        firstVisitOnly: v.firstVisitOnly,
        bufferMinutes: v.bufferMinutes,
        noticeHours: Math.round(v.noticeMinutes / 60),
        horizonDays: v.horizonDays,
        questionnaireIds: v.questionnaireIds,
      }
    : { name: '', minutes: 60, price: '', mode: 'studio', firstVisitOnly: false, bufferMinutes: 0, noticeHours: 2, horizonDays: 60, questionnaireIds: [] };

function VisitTypeForm({
  doctorId,
  editing,
  questionnaires,
  onDone,
  onCancel,
}: {
  doctorId: string;
  editing: VisitTypeView | null;
  questionnaires: readonly QuestionnaireView[];
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const [form, setForm] = useState<FormState>(() => fromView(editing));
  const [problem, setProblem] = useState<string | null>(null);
  const [create, creating] = useCreateVisitTypeMutation();
  const [update, updating] = useUpdateVisitTypeMutation();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const busy = creating.isLoading || updating.isLoading;

  const submit = async () => {
    const priceCents = parseEuroToCents(form.price);
    if (priceCents === null) return setProblem(t.priceInvalid);
    setProblem(null);
    const body = {
      name: form.name,
      minutes: form.minutes,
      priceCents,
      mode: form.mode,
      firstVisitOnly: form.firstVisitOnly,
      bufferMinutes: form.bufferMinutes,
      // an untouched notice keeps its minutes (90 shows as 2 hours but stays 90)
      noticeMinutes: editing && form.noticeHours === Math.round(editing.noticeMinutes / 60) ? editing.noticeMinutes : form.noticeHours * 60,
      horizonDays: form.horizonDays,
      questionnaireIds: form.questionnaireIds,
    };
    try {
      if (editing) {
        const saved = await update({ doctorId, id: editing.id, body }).unwrap();
        onDone(t.saved(saved.name));
      } else {
        const saved = await create({ doctorId, body }).unwrap();
        setForm(fromView(null));
        onDone(t.created(saved.name));
      }
    } catch (error) {
      setProblem(errorMessage(error, t.failed));
    }
  };

  const titleId = editing ? 'visit-type-edit-title' : 'visit-type-new-title';
  return (
    <section aria-labelledby={titleId} className="mt-4">
      <h2 id={titleId} className="h5">
        {editing ? t.editTitle(editing.name) : t.newTitle}
      </h2>
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="row g-2">
          <Form.Group controlId="visit-type-name" className="col-12 col-md-6">
            <Form.Label>{t.name}</Form.Label>
            <Form.Control required maxLength={80} value={form.name} onChange={(e) => set('name', e.target.value)} />
          </Form.Group>
          <Form.Group controlId="visit-type-minutes" className="col-6 col-md-3">
            <Form.Label>{t.duration}</Form.Label>
            <Form.Select value={form.minutes} onChange={(e) => set('minutes', Number(e.target.value))}>
              {[30, 60, 90].map((m) => (
                <option key={m} value={m}>
                  {t.minutes(m)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group controlId="visit-type-price" className="col-6 col-md-3">
            <Form.Label>{t.price}</Form.Label>
            <Form.Control required inputMode="decimal" value={form.price} onChange={(e) => set('price', e.target.value)} />
          </Form.Group>
          <Form.Group controlId="visit-type-mode" className="col-6 col-md-3">
            <Form.Label>{t.mode}</Form.Label>
            <Form.Select value={form.mode} onChange={(e) => set('mode', e.target.value as VisitMode)}>
              <option value="studio">{t.modes.studio}</option>
              <option value="online">{t.modes.online}</option>
            </Form.Select>
          </Form.Group>
          <Form.Group controlId="visit-type-buffer" className="col-6 col-md-3">
            <Form.Label>{t.buffer}</Form.Label>
            <Form.Select value={form.bufferMinutes} onChange={(e) => set('bufferMinutes', Number(e.target.value))}>
              {[0, 5, 10, 15, 20, 25, 30].map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group controlId="visit-type-notice" className="col-6 col-md-3">
            <Form.Label>{t.noticeHours}</Form.Label>
            <Form.Control type="number" min={0} max={720} value={form.noticeHours} onChange={(e) => set('noticeHours', Number(e.target.value))} />
          </Form.Group>
          <Form.Group controlId="visit-type-horizon" className="col-6 col-md-3">
            <Form.Label>{t.horizonDays}</Form.Label>
            <Form.Control type="number" min={1} max={365} value={form.horizonDays} onChange={(e) => set('horizonDays', Number(e.target.value))} />
          </Form.Group>
        </div>
        <Form.Check
          className="mt-2"
          id="visit-type-first-only"
          label={t.firstVisitOnly}
          checked={form.firstVisitOnly}
          onChange={(e) => set('firstVisitOnly', e.target.checked)}
        />
        {questionnaires.length > 0 && (
          <fieldset className="mt-2">
            <legend className="h6">{t.questionnairesLegend}</legend>
            {questionnaires.map((q) => (
              <Form.Check
                key={q.id}
                id={`visit-type-q-${q.id}`}
                label={q.active ? q.title : `${q.title} (${it.questionnaireEditor.inactive})`}
                checked={form.questionnaireIds.includes(q.id)}
                onChange={(e) =>
                  set('questionnaireIds', e.target.checked ? [...form.questionnaireIds, q.id] : form.questionnaireIds.filter((id) => id !== q.id))
                }
              />
            ))}
          </fieldset>
        )}
        <div className="d-flex flex-wrap gap-2 mt-3">
          <Button type="submit" disabled={busy}>
            {busy ? t.saving : editing ? t.save : t.create}
          </Button>
          {editing && (
            <Button variant="outline-secondary" onClick={onCancel}>
              {t.cancelEdit}
            </Button>
          )}
        </div>
        {problem && (
          <Alert variant="danger" role="alert" className="mt-2">
            {problem}
          </Alert>
        )}
      </Form>
    </section>
  );
}
