import { usePageTitle } from '../../../lib/pageTitle';
import { Alert } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router-dom';
import { PATHS } from '../../../lib/paths';
import { useGetSessionQuery } from '../../../lib/api';
import { useGetDoctorsQuery } from '../../../lib/doctorsApi';
import { DoctorPicker } from '../../../components/ui/DoctorPicker';
import { QuerySection } from '../../../components/ui/QuerySection';
import * as it from '../../../i18n/it';
import type { QuestionnaireView } from '@studio/contracts';
import { useState } from 'react';
import { useListDoctorQuestionnairesQuery, useListQuestionnaireVisitTypesQuery } from './editorApi';
import { QuestionnaireForm } from './QuestionnaireForm';
import { QuestionnaireList } from './QuestionnaireList';

const t = it.questionnaireEditor;
/** the front desk's chosen doctor, kept in the address as on /disponibilita */
const FOR_PARAM = 'for';

/**
 * /questionari: a doctor sees and defines their questionnaires; the front desk (admin) first picks a doctor.
 */
export function QuestionnaireEditorPage() {
  usePageTitle(it.titles.questionnaires);
  const { data: session } = useGetSessionQuery();
  const user = session?.user ?? null;
  const isAdmin = user?.role === 'admin';
  const [params, setParams] = useSearchParams();
  const doctors = useGetDoctorsQuery(undefined, { skip: !isAdmin });

  const chosen = params.get(FOR_PARAM) ?? '';
  const doctorId = isAdmin ? (doctors.data?.some((d) => d.id === chosen) ? chosen : '') : (user?.id ?? '');

  const chooseDoctor = (id: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id) next.set(FOR_PARAM, id);
      else next.delete(FOR_PARAM);
      return next;
    });

  if (!user) return null;

  return (
    <div className="app-questionnaire-editor">
      <h1 className="h3">{t.title}</h1>
      <p className="text-body-secondary small">{t.intro}</p>

      {isAdmin && (
        <>
          <QuerySection query={doctors} errorText={t.doctorsError} empty={<Alert variant="info">{t.noDoctors}</Alert>}>
            {(list) => (
              <>
                <DoctorPicker
                  id="questionnaire-doctor"
                  className="mb-3"
                  label={t.doctorSelect}
                  placeholder={t.doctorPlaceholder}
                  doctors={list}
                  value={doctorId}
                  onChange={chooseDoctor}
                />
                {!doctorId && <Alert variant="info">{t.chooseDoctor}</Alert>}
              </>
            )}
          </QuerySection>
        </>
      )}

      {doctorId && <DoctorQuestionnaires key={doctorId} doctorId={doctorId} sendDoctorId={isAdmin} />}
    </div>
  );
}

function DoctorQuestionnaires({ doctorId, sendDoctorId }: { doctorId: string; sendDoctorId: boolean }) {
  const list = useListDoctorQuestionnairesQuery(doctorId);
  const visitTypes = useListQuestionnaireVisitTypesQuery(doctorId);
  const [editing, setEditing] = useState<QuestionnaireView | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const changed = () => void list.refetch();
  return (
    <>
      <section aria-labelledby="questionnaire-list-title">
        <h2 id="questionnaire-list-title" className="h5">
          {t.listTitle}
        </h2>
        <QuerySection query={list} errorText={t.listError} />
        {notice && (
          <Alert variant="success" dismissible onClose={() => setNotice(null)} closeLabel={it.app.dismiss}>
            {notice}
          </Alert>
        )}
        {list.data && (
          <QuestionnaireList
            questionnaires={list.data}
            visitTypes={visitTypes.data ?? []}
            onEdit={(q) => (setNotice(null), setEditing(q))}
            onChanged={changed}
          />
        )}
        <p className="small text-body-secondary">
          {t.assignHint} <Link to={PATHS.visitTypes}>{t.visitTypesLink}</Link>
        </p>
      </section>
      {editing ? (
        <QuestionnaireForm
          key={editing.id}
          editing={editing}
          onCancel={() => setEditing(null)}
          onSaved={(message) => (setEditing(null), setNotice(message), changed())}
        />
      ) : (
        <QuestionnaireForm doctorId={sendDoctorId ? doctorId : undefined} onSaved={changed} />
      )}
    </>
  );
}
