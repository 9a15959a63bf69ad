import { DOCTOR_TITLES, IMAGE_TYPES_LABEL, MAX_IMAGE_BYTES, type DoctorProfileInput, type PracticeDetailsInput, type PracticeInfo } from '@studio/contracts';
import { type FormEvent, useState } from 'react';
import { Alert, Button, Card, Form, Image } from 'react-bootstrap';
import { DoctorPicker } from '../../components/ui/DoctorPicker';
import { Loading } from '../../components/ui/Loading';
import * as it from '../../i18n/it';
import { errorMessage, useGetSessionQuery } from '../../lib/api';
import { useGetDoctorsQuery } from '../../lib/doctorsApi';
import { usePageTitle } from '../../lib/pageTitle';
import { useGetDoctorProfileQuery, useGetPracticeQuery } from '../../lib/practiceApi';
import { useSaveDoctorProfileMutation, useSavePracticeMutation, useUploadDoctorPhotoMutation, useUploadLogoMutation } from './settingsApi';
import { QuerySection } from '../../components/ui/QuerySection';
import { DoctorSlugForm } from './DoctorSlugForm';
import { WidgetOriginsForm } from './WidgetOriginsForm';
import { LocationsPanel } from './LocationsPanel';
import { ReminderSettingsCard } from './ReminderSettingsCard';

const t = it.settings;
const ACCEPT = 'image/png,image/jpeg,image/webp';

/** /impostazioni: the administrator edits the practice and any doctor's profile; a doctor their own profile */
export function SettingsPage() {
  usePageTitle(it.titles.settings);
  const user = useGetSessionQuery().data?.user;
  const admin = user?.role === 'admin';
  const practice = useGetPracticeQuery();
  const doctors = useGetDoctorsQuery(undefined, { skip: !admin });
  const [picked, setPicked] = useState<string | null>(null);
  const doctorId = user?.role === 'doctor' ? user.id : (picked ?? doctors.data?.[0]?.id ?? null);
  const pickedDoctor = doctors.data?.find((d) => d.id === doctorId);

  return (
    <div className="settings-page">
      <h1 className="h3 mb-3">{t.title}</h1>
      {admin && (
        <Card className="mb-4">
          <Card.Body>
            <h2 className="h5">{t.practiceTitle}</h2>
            <p className="small text-body-secondary">{t.practiceIntro}</p>
            <QuerySection query={practice} loadingLabel={t.loading} errorText={t.error} retry={false} />
            {practice.data && <PracticeForm practice={practice.data} />}
            {practice.data && <ImageUpload kind="logo" currentUrl={practice.data.logoUrl} />}
          </Card.Body>
        </Card>
      )}
      {admin && <ReminderSettingsCard />}
      <Card>
        <Card.Body>
          <h2 className="h5">{t.doctorTitle}</h2>
          <p className="small text-body-secondary">{t.doctorIntro}</p>
          {admin && (
            <DoctorPicker
              id="settings-doctor"
              className="mb-3"
              style={{ maxWidth: '24rem' }}
              label={t.doctor}
              doctors={doctors.data}
              value={doctorId ?? ''}
              onChange={setPicked}
            />
          )}
          {admin && pickedDoctor && <DoctorSlugForm key={`slug-${pickedDoctor.id}`} doctor={pickedDoctor} />}
          {doctorId && <DoctorProfileForm key={doctorId} doctorId={doctorId} admin={admin} />}
        </Card.Body>
      </Card>
      {admin && <LocationsPanel />}
      {admin && <WidgetOriginsForm />}
    </div>
  );
}

function PracticeForm({ practice }: { practice: PracticeInfo }) {
  const [save, saving] = useSavePracticeMutation();
  const initial: PracticeDetailsInput = {
    name: practice.name,
    address: practice.address,
    phone: practice.phone,
    email: practice.email,
    dataController: practice.dataController,
  };
  const [draft, setDraft] = useState<PracticeDetailsInput | null>(null);
  const [done, setDone] = useState(false);
  const value = draft ?? initial;
  const set = (patch: Partial<PracticeDetailsInput>) => (setDraft({ ...value, ...patch }), setDone(false));
  const field = (name: keyof PracticeDetailsInput, label: string, props: { type?: string; required?: boolean; help?: string } = {}) => (
    <Form.Group className="col-12 col-md-6" controlId={`settings-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        name={name}
        type={props.type ?? 'text'}
        value={value[name] ?? ''}
        required={props.required}
        onChange={(e) => set({ [name]: e.target.value })}
      />
      {props.help && <Form.Text>{props.help}</Form.Text>}
    </Form.Group>
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = await save(value);
    if (!('error' in result)) (setDraft(null), setDone(true));
  };
  return (
    <Form onSubmit={(e) => void submit(e)} className="row g-3 mb-4" aria-label={t.practiceTitle}>
      {field('name', t.name, { required: true })}
      {field('address', t.address)}
      {field('phone', t.phone, { type: 'tel' })}
      {field('email', t.email, { type: 'email' })}
      {field('dataController', t.dataController, { required: true, help: t.dataControllerHelp })}
      <div className="col-12">
        {saving.isError && <Alert variant="danger">{errorMessage(saving.error)}</Alert>}
        {done && (
          <Alert variant="success" role="status">
            {t.saved}
          </Alert>
        )}
        <Button type="submit" disabled={saving.isLoading}>
          {saving.isLoading ? t.saving : t.save}
        </Button>
      </div>
    </Form>
  );
}

/** the logo, or a doctor's photo: a file checked again by the server (type from its bytes, size) */
function ImageUpload(props: { kind: 'logo'; currentUrl: string } | { kind: 'photo'; doctorId: string; currentUrl: string | null }) {
  const [uploadLogo, logoState] = useUploadLogoMutation();
  const [uploadPhoto, photoState] = useUploadDoctorPhotoMutation();
  const state = props.kind === 'logo' ? logoState : photoState;
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const label = props.kind === 'logo' ? t.logo : t.photo;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    if (!file) return setProblem(t.chooseFile);
    setProblem(null);
    const result = props.kind === 'logo' ? await uploadLogo(file) : await uploadPhoto({ doctorId: props.doctorId, file });
    if (!('error' in result)) (setDone(true), setFile(null));
  };
  return (
    <Form onSubmit={(e) => void submit(e)} className="d-flex flex-wrap align-items-end gap-3" aria-label={label}>
      {props.currentUrl ? (
        <Image
          src={props.currentUrl}
          alt={props.kind === 'logo' ? t.currentLogo : t.currentPhoto}
          width={64}
          height={64}
          rounded
          className="object-fit-cover"
        />
      ) : (
        <p className="small text-body-secondary mb-0">{t.noPhoto}</p>
      )}
      <Form.Group controlId={`settings-${props.kind}`}>
        <Form.Label>{label}</Form.Label>
        <Form.Control type="file" accept={ACCEPT} onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)} />
        <Form.Text>{t.logoHelp(IMAGE_TYPES_LABEL, MAX_IMAGE_BYTES / 1024)}</Form.Text>
      </Form.Group>
      <Button type="submit" variant="outline-primary" disabled={state.isLoading}>
        {t.upload}
      </Button>
      <div className="w-100" aria-live="polite">
        {(problem ?? (state.isError ? errorMessage(state.error) : null)) && <Alert variant="danger">{problem ?? errorMessage(state.error)}</Alert>}
        {done && <Alert variant="success">{t.uploaded}</Alert>}
      </div>
    </Form>
  );
}

const EMPTY_PROFILE: DoctorProfileInput = { title: 'Dott.', specialty: '', registerNumber: '', bio: '' };

/** the administrator edits the whole profile; a doctor their specialty and presentation (title and register number are the administrator's) */
function DoctorProfileForm({ doctorId, admin }: { doctorId: string; admin: boolean }) {
  const profile = useGetDoctorProfileQuery(doctorId);
  const [save, saving] = useSaveDoctorProfileMutation();
  const [draft, setDraft] = useState<DoctorProfileInput | null>(null);
  const [done, setDone] = useState(false);
  if (profile.isLoading) return <Loading label={t.loading} />;
  if (profile.isError) return <Alert variant="danger">{errorMessage(profile.error, t.error)}</Alert>;
  const stored = profile.data;
  const value: DoctorProfileInput =
    draft ??
    (stored
      ? {
          title: (DOCTOR_TITLES as readonly string[]).includes(stored.title) ? (stored.title as DoctorProfileInput['title']) : 'Dott.',
          specialty: stored.specialty,
          registerNumber: stored.registerNumber,
          bio: stored.bio,
        }
      : EMPTY_PROFILE);
  const set = (patch: Partial<DoctorProfileInput>) => (setDraft({ ...value, ...patch }), setDone(false));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = await save({ doctorId, profile: admin ? value : { specialty: value.specialty, bio: value.bio } });
    if (!('error' in result)) (setDraft(null), setDone(true));
  };
  return (
    <>
      <Form onSubmit={(e) => void submit(e)} className="row g-3 mb-4" aria-label={t.doctorTitle}>
        <Form.Group className="col-12 col-md-3" controlId="settings-title">
          <Form.Label>{t.titleLabel}</Form.Label>
          {admin ? (
            <Form.Select value={value.title} onChange={(e) => set({ title: e.target.value as DoctorProfileInput['title'] })}>
              {DOCTOR_TITLES.map((title) => (
                <option key={title} value={title}>
                  {title}
                </option>
              ))}
            </Form.Select>
          ) : (
            // as stored ('' until the administrator sets one), not the form's default
            <Form.Control readOnly value={stored?.title || '—'} />
          )}
        </Form.Group>
        <Form.Group className="col-12 col-md-5" controlId="settings-specialty">
          <Form.Label>{t.specialty}</Form.Label>
          <Form.Control value={value.specialty} required onChange={(e) => set({ specialty: e.target.value })} />
        </Form.Group>
        <Form.Group className="col-12 col-md-4" controlId="settings-register">
          <Form.Label>{t.registerNumber}</Form.Label>
          <Form.Control value={value.registerNumber ?? ''} readOnly={!admin} onChange={(e) => set({ registerNumber: e.target.value })} />
        </Form.Group>
        {!admin && <Form.Text className="col-12 mt-1">{t.identityByAdmin}</Form.Text>}
        <Form.Group className="col-12" controlId="settings-bio">
          <Form.Label>{t.bio}</Form.Label>
          <Form.Control as="textarea" rows={3} maxLength={600} value={value.bio ?? ''} onChange={(e) => set({ bio: e.target.value })} />
        </Form.Group>
        <div className="col-12">
          {saving.isError && <Alert variant="danger">{errorMessage(saving.error)}</Alert>}
          {done && (
            <Alert variant="success" role="status">
              {t.saved}
            </Alert>
          )}
          <Button type="submit" disabled={saving.isLoading}>
            {saving.isLoading ? t.saving : t.save}
          </Button>
        </div>
      </Form>
      <ImageUpload kind="photo" doctorId={doctorId} currentUrl={stored?.photoUrl ?? null} />
    </>
  );
}
