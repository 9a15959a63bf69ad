import { useState, type FormEvent } from 'react';
import { Alert, Button, Col, Form, Row } from 'react-bootstrap';
import {
  DIARY_MEAL_LABELS,
  DIARY_MEALS,
  DIARY_PHOTO_MAX_BYTES,
  type DiaryEntryRequest,
  type DiaryEntryView,
  type DiaryItem,
  type DiaryMeal,
} from '@studio/contracts';
import { errorMessage } from '../../../lib/api';
import * as it from '../../../i18n/it';
import { useEditEntryMutation, useLogEntryMutation, useUploadPhotoMutation } from './diaryApi';
import { DiaryFoodPicker, type PickedFood } from './DiaryFoodPicker';

const t = it.diary;

/** the meal a time of day suggests, so that the patient who logs as they eat has it chosen already */
function mealAt(hour: number): DiaryMeal {
  if (hour < 10) return 'colazione';
  if (hour < 12) return 'spuntino';
  if (hour < 15) return 'pranzo';
  if (hour < 18) return 'merenda';
  return 'cena';
}

const scaleValue = (v: FormDataEntryValue | null) => (v ? Number(v) : undefined);

/** "Registra un pasto": what was eaten (text or catalogue foods), time, hunger, satiety, note and a photo from the camera */
export function DiaryEntryForm({ today, editing, onDone }: { today: string; editing?: DiaryEntryView; onDone?: () => void }) {
  const [log, logState] = useLogEntryMutation();
  const [edit, editState] = useEditEntryMutation();
  const [upload, uploadState] = useUploadPhotoMutation();
  const [foods, setFoods] = useState<PickedFood[]>(
    () => editing?.items?.map((item) => ({ id: item.foodId, name: editing.itemNames[item.foodId] ?? item.foodId, grams: item.grams })) ?? [],
  );
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<{ kind: 'saved' | 'error' | 'photo'; message: string } | null>(null);
  const busy = logState.isLoading || editState.isLoading || uploadState.isLoading;
  const now = new Date();

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    if (file && file.size > DIARY_PHOTO_MAX_BYTES) return setStatus({ kind: 'error', message: t.photoTooLarge });
    const text = String(f.get('text') ?? '').trim();
    const note = String(f.get('note') ?? '').trim();
    const time = String(f.get('time') ?? '');
    const items: DiaryItem[] = foods.filter((p) => p.grams > 0).map((p) => ({ foodId: p.id, grams: p.grams }));
    const entry: DiaryEntryRequest = {
      date: String(f.get('date')),
      meal: String(f.get('meal')) as DiaryMeal,
      ...(time ? { time } : {}),
      ...(text ? { text } : {}),
      ...(items.length ? { items } : {}),
      ...(scaleValue(f.get('hunger')) ? { hunger: scaleValue(f.get('hunger')) } : {}),
      ...(scaleValue(f.get('satiety')) ? { satiety: scaleValue(f.get('satiety')) } : {}),
      ...(note ? { note } : {}),
    };
    setStatus(null);
    let id: string;
    try {
      id = editing ? (await edit({ entryId: editing.id, entry }).unwrap()).id : (await log(entry).unwrap()).id;
    } catch (error) {
      return setStatus({ kind: 'error', message: errorMessage(error, t.saveError) });
    }
    form.reset();
    setFoods([]);
    setFile(null);
    if (file) {
      try {
        await upload({ entryId: id, file }).unwrap();
      } catch (error) {
        return setStatus({ kind: 'photo', message: `${t.photoError} ${errorMessage(error, '')}`.trim() });
      }
    }
    setStatus({ kind: 'saved', message: t.saved });
    onDone?.();
  };

  return (
    <Form onSubmit={(e) => void submit(e)} aria-labelledby="diary-new-entry">
      <h2 id="diary-new-entry" className="h5">
        {editing ? t.editEntry : t.newEntry}
      </h2>
      <Row className="g-2">
        <Col xs={6} md={3}>
          <Form.Group controlId="diary-date">
            <Form.Label>{t.date}</Form.Label>
            <Form.Control type="date" name="date" defaultValue={editing?.date ?? today} max={today} required />
          </Form.Group>
        </Col>
        <Col xs={6} md={3}>
          <Form.Group controlId="diary-time">
            <Form.Label>{t.time}</Form.Label>
            <Form.Control
              type="time"
              name="time"
              defaultValue={editing ? (editing.time ?? '') : `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`}
            />
          </Form.Group>
        </Col>
        <Col xs={12} md={6}>
          <Form.Group controlId="diary-meal">
            <Form.Label>{t.meal}</Form.Label>
            <Form.Select name="meal" defaultValue={editing?.meal ?? mealAt(now.getHours())}>
              {DIARY_MEALS.map((m) => (
                <option key={m} value={m}>
                  {DIARY_MEAL_LABELS[m]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
      </Row>
      <Form.Group controlId="diary-text" className="mt-2">
        <Form.Label>{t.whatYouAte}</Form.Label>
        <Form.Control as="textarea" rows={2} name="text" maxLength={2000} aria-describedby="diary-text-hint" defaultValue={editing?.text ?? ''} />
        <Form.Text id="diary-text-hint">{t.whatYouAteHint}</Form.Text>
      </Form.Group>
      <DiaryFoodPicker picked={foods} onChange={setFoods} />
      <Row className="g-2 mt-1">
        {(['hunger', 'satiety'] as const).map((scale) => (
          <Col xs={6} key={scale}>
            <Form.Group controlId={`diary-${scale}`}>
              <Form.Label>{t[scale]}</Form.Label>
              <Form.Select name={scale} defaultValue={editing?.[scale] ?? ''}>
                <option value="">{t.scaleNone}</option>
                {[1, 2, 3, 4, 5].map((v) => (
                  <option key={v} value={v}>
                    {t.scale[v]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
        ))}
      </Row>
      <Form.Group controlId="diary-note" className="mt-2">
        <Form.Label>{t.note}</Form.Label>
        <Form.Control name="note" maxLength={1000} defaultValue={editing?.note ?? ''} />
      </Form.Group>
      <Form.Group controlId="diary-photo" className="mt-2">
        <Form.Label>{t.photo}</Form.Label>
        <Form.Control
          type="file"
          name="photo"
          accept="image/*"
          capture="environment"
          aria-describedby="diary-photo-hint"
          onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
        />
        <Form.Text id="diary-photo-hint">{t.photoHint}</Form.Text>
      </Form.Group>
      <div role="status" aria-live="polite" className="mt-2">
        {status && <Alert variant={status.kind === 'saved' ? 'success' : status.kind === 'photo' ? 'warning' : 'danger'}>{status.message}</Alert>}
      </div>
      <Button type="submit" className="mt-2" disabled={busy}>
        {busy ? t.saving : t.save}
      </Button>
      {editing && (
        <Button variant="link" className="mt-2" onClick={onDone}>
          {t.keep}
        </Button>
      )}
    </Form>
  );
}
