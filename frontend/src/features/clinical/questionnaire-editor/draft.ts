import { QuestionnaireRequest, type Question, type QuestionnaireView } from '@studio/contracts';

/** the editor's state: what the inputs hold, before ids and values are derived */
export interface OptionDraft {
  key: number;
  label: string;
  enabler: boolean;
}
export interface QuestionDraft {
  key: number;
  text: string;
  kind: Question['kind'];
  options: OptionDraft[];
  handleMore: boolean;
  textLabel: string;
}
export interface QuestionnaireDraft {
  title: string;
  questions: QuestionDraft[];
}

let nextKey = 1;
const key = () => nextKey++;

export const newOption = (): OptionDraft => ({ key: key(), label: '', enabler: false });
export const newQuestion = (): QuestionDraft => ({
  key: key(),
  text: '',
  kind: 'radio',
  options: [newOption(), newOption()],
  handleMore: false,
  textLabel: '',
});
export const emptyDraft = (): QuestionnaireDraft => ({ title: '', questions: [newQuestion()] });

/** "Sì, spesso!" → "si-spesso"; an option without letters or digits gets its position */
export function optionValue(label: string, index: number): string {
  const slug = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || `opzione-${index + 1}`;
}

/** the request body: question ids by position, option values from the labels (made unique) */
export function toRequest(draft: QuestionnaireDraft, doctorId?: string): QuestionnaireRequest {
  return {
    ...(doctorId ? { doctorId } : {}),
    title: draft.title,
    questions: draft.questions.map((q, qi) => {
      const used = new Set<string>();
      const handleMore = q.kind === 'radio' && q.handleMore;
      const textLabel = q.textLabel.trim();
      return {
        id: `q${qi + 1}`,
        text: q.text,
        kind: q.kind,
        options: q.options.map((o, oi) => {
          let value = optionValue(o.label, oi);
          if (used.has(value)) value = `${value}-${oi + 1}`;
          used.add(value);
          return { value, label: o.label, ...(o.enabler && !handleMore ? { enabler: true } : {}) };
        }),
        ...(handleMore ? { handleMore: true } : {}),
        ...(textLabel ? { textInput: { label: textLabel } } : {}),
      };
    }),
  };
}

export type Checked = { ok: true; body: QuestionnaireRequest } | { ok: false; message: string };

/** the contracts' rules, before sending: the first Italian message when they are not kept */
export function checkDraft(draft: QuestionnaireDraft, doctorId?: string): Checked {
  const body = toRequest(draft, doctorId);
  const parsed = QuestionnaireRequest.safeParse(body);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? '' };
  return { ok: true, body: parsed.data };
}

/** an existing questionnaire back into the editor's state, to edit it as a new version */
export function fromQuestionnaire(q: Pick<QuestionnaireView, 'title' | 'questions'>): QuestionnaireDraft {
  return {
    title: q.title,
    questions: q.questions.map((question) => ({
      key: key(),
      text: question.text,
      kind: question.kind,
      options: question.options.map((o) => ({ key: key(), label: o.label, enabler: o.enabler === true })),
      handleMore: question.handleMore === true,
      textLabel: question.textInput?.label ?? '',
    })),
  };
}
