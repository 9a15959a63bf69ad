import type { DietContent, DietFromRequest } from '@studio/contracts';
import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import * as it from '../../../i18n/it';
import { errorMessage } from '../../../lib/api';
import { formatDay, formatNumber } from '../../../lib/format';
import { useGetDietRevisionsQuery, useGetDietTemplatesQuery, useSaveDietTemplateMutation, useStartDietFromMutation } from './planApi';

const t = it.dietPlan;
type Message = { variant: 'success' | 'danger'; text: string };

/**
 * Where a plan may start: one of the practice's templates or one of the patient's earlier plans (they fill the editor,
 * saved only when the doctor saves); and the plan on screen saved as a template (without its notes).
 */
export function PlanSources({
  patientId,
  plan,
  onLoaded,
  onMessage,
}: {
  patientId: string;
  plan: DietContent;
  onLoaded(content: DietContent): void;
  onMessage(m: Message): void;
}) {
  const templates = useGetDietTemplatesQuery().data ?? [];
  const revisions = useGetDietRevisionsQuery(patientId).data ?? [];
  const [startFrom, starting] = useStartDietFromMutation();
  const [saveTemplate, savingTemplate] = useSaveDietTemplateMutation();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const load = async (from: DietFromRequest, what: string) => {
    try {
      const answer = await startFrom({ patientId, from }).unwrap();
      onLoaded(answer.content);
      onMessage({ variant: 'success', text: t.loadedFrom(what) });
    } catch (e) {
      onMessage({ variant: 'danger', text: errorMessage(e) });
    }
  };
  const save = async () => {
    setError(null);
    try {
      const saved = await saveTemplate({ name, plan: { ...plan, meals: plan.days[0].meals, notes: null } }).unwrap();
      setNaming(false);
      setName('');
      onMessage({ variant: 'success', text: t.templateSaved(saved.name) });
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3 diet-plan-sources" role="group" aria-label={t.sources}>
      <Form.Select
        size="sm"
        className="w-auto"
        aria-label={t.fromTemplate}
        value=""
        disabled={starting.isLoading || templates.length === 0}
        onChange={(e) => {
          const template = templates.find((x) => x.id === e.target.value);
          if (template) void load({ templateId: template.id }, template.name);
        }}
      >
        <option value="">{templates.length ? t.fromTemplate : t.noTemplates}</option>
        {templates.map((x) => (
          <option key={x.id} value={x.id}>
            {t.templateLabel(x.name, x.days.map((d) => `${formatNumber(d.kcal)} kcal`).join(' · '))}
          </option>
        ))}
      </Form.Select>
      <Form.Select
        size="sm"
        className="w-auto"
        aria-label={t.fromRevision}
        value=""
        disabled={starting.isLoading || revisions.length === 0}
        onChange={(e) => {
          const revision = revisions.find((r) => String(r.revision) === e.target.value);
          if (revision)
            void load({ revision: revision.revision }, t.revisionLabel(revision.revision + 1, formatDay(revision.savedAt.slice(0, 10)), revision.doctorName));
        }}
      >
        <option value="">{revisions.length ? t.fromRevision : t.noRevisions}</option>
        {revisions.map((r) => (
          <option key={r.revision} value={r.revision}>
            {t.revisionLabel(r.revision + 1, formatDay(r.savedAt.slice(0, 10)), r.doctorName)}
          </option>
        ))}
      </Form.Select>
      <Button size="sm" variant="outline-secondary" onClick={() => setNaming(true)}>
        {t.saveAsTemplate}
      </Button>
      <ConfirmDialog
        show={naming}
        titleId="diet-template-title"
        title={t.saveAsTemplate}
        backLabel={t.cancel}
        confirmLabel={t.confirm}
        busy={savingTemplate.isLoading}
        confirmDisabled={!name.trim()}
        error={error}
        onBack={() => setNaming(false)}
        onConfirm={() => void save()}
        initialFocus="dialog"
      >
        <Form.Group controlId="diet-template-name">
          <Form.Label>{t.templateName}</Form.Label>
          <Form.Control value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
          <Form.Text>{t.templateHint}</Form.Text>
        </Form.Group>
      </ConfirmDialog>
    </div>
  );
}
