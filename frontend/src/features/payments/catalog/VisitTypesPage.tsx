import type { QuestionnaireView, VisitMode, VisitTypeView } from '@studio/contracts';
import { useState } from 'react';
import { Alert, Badge, Button, Card, Form } from 'react-bootstrap';
import { useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { DoctorPicker } from '../../../components/ui/DoctorPicker';
import { QuerySection } from '../../../components/ui/QuerySection';
import { Loading } from '../../../components/ui/Loading';
import * as it from '../../../i18n/it';
import { errorMessage, useGetSessionQuery } from '../../../lib/api';
import { useGetDoctorsQuery } from '../../../lib/doctorsApi';
import { centsToEuroInput, formatEuro, parseEuroToCents } from '../../../lib/money';
import { usePageTitle } from '../../../lib/pageTitle';
import { useGetLocationsQuery } from '../../../lib/practiceApi';
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
 * /tipi-visita: a doctor's visit types — name, length (30/60/90), price, mode, "solo prima visita", buffer,
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
        <DoctorPicker
          id="visit-types-doctor"
          className="mb-3"
          label={t.doctorSelect}
          placeholder={t.doctorPlaceholder}
          doctors={doctors.data}
          value={doctorId}
          onChange={(id) => setParams(id ? { [FOR_PARAM]: id } : {})}
        />
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
        <QuerySection query={list} errorText={t.loadFailed} empty={<p className="text-body-secondary">{t.empty}</p>}>
          {(visitTypes) => (
            <ul className="list-unstyled d-grid gap-2" aria-label={t.listTitle}>
              {visitTypes.map((v) => (
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
                      {v.followUpOnly && <Badge bg="primary">{t.followUpOnlyBadge}</Badge>}
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
        </QuerySection>
      </section>
      <VisitTypeForm
        key={editing?.id ?? 'new'}
        doctorId={doctorId}
        editing={editing}
        questionnaires={questionnaires.data ?? []}
        onDone={done}
        onCancel={() => setEditing(null)}
      />
      <ConfirmDialog
        show={archiving !== null}
        titleId="visit-type-archive-title"
        title={archiving ? t.archiveTitle(archiving.name) : ''}
        error={archiveProblem}
        backLabel={t.archiveBack}
        confirmLabel={t.archiveConfirm}
        busy={archiveState.isLoading}
        onBack={() => setArchiving(null)}
        onConfirm={() => void confirmArchive()}
      >
        <p className="mb-0">{t.archiveBody}</p>
      </ConfirmDialog>
    </>
  );
}

interface FormState {
  name: string;
  minutes: number;
  price: string;
  mode: VisitMode;
  firstVisitOnly: boolean;
  followUpOnly: boolean;
  bufferMinutes: number;
  noticeHours: number;
  horizonDays: number;
  questionnaireIds: string[];
  /** '' anywhere the doctor receives */
  locationId: string;
}

const fromView = (v: VisitTypeView | null): FormState =>
  v
    ? {
        name: v.name,
        minutes: v.minutes,
        price: centsToEuroInput(v.priceCents),
        mode: v.mode,
        firstVisitOnly: v.firstVisitOnly,
        followUpOnly: v.followUpOnly,
        bufferMinutes: v.bufferMinutes,
        noticeHours: Math.round(v.noticeMinutes / 60),
        horizonDays: v.horizonDays,
        questionnaireIds: v.questionnaireIds,
        locationId: v.locationId ?? '',
      }
    : {
        name: '',
        minutes: 60,
        price: '',
        mode: 'studio',
        firstVisitOnly: false,
        followUpOnly: false,
        bufferMinutes: 0,
        noticeHours: 2,
        horizonDays: 60,
        questionnaireIds: [],
        locationId: '',
      };

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
  const locations = useGetLocationsQuery().data ?? [];

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
      followUpOnly: form.followUpOnly,
      bufferMinutes: form.bufferMinutes,
      // an untouched notice keeps its minutes (90 shows as 2 hours but stays 90)
      noticeMinutes: editing && form.noticeHours === Math.round(editing.noticeMinutes / 60) ? editing.noticeMinutes : form.noticeHours * 60,
      horizonDays: form.horizonDays,
      questionnaireIds: form.questionnaireIds,
      // a location chosen, or one taken away ('' clears it; an online visit has none)
      ...(form.locationId || editing?.locationId ? { locationId: form.mode === 'online' ? '' : form.locationId } : {}),
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
          {locations.length > 0 && form.mode === 'studio' && (
            <Form.Group controlId="visit-type-location" className="col-6 col-md-3">
              <Form.Label>{t.location}</Form.Label>
              <Form.Select value={form.locationId} onChange={(e) => set('locationId', e.target.value)}>
                <option value="">{t.anyLocation}</option>
                {locations.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          )}
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
          onChange={(e) => setForm((f) => ({ ...f, firstVisitOnly: e.target.checked, followUpOnly: e.target.checked ? false : f.followUpOnly }))}
        />
        <Form.Check
          id="visit-type-follow-up-only"
          label={t.followUpOnly}
          checked={form.followUpOnly}
          onChange={(e) => setForm((f) => ({ ...f, followUpOnly: e.target.checked, firstVisitOnly: e.target.checked ? false : f.firstVisitOnly }))}
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
