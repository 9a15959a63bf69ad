import type { DietItem, EquivalenceListView } from '@studio/contracts';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Form, ListGroup, Modal } from 'react-bootstrap';
import * as it from '../../../i18n/it';
import { errorMessage } from '../../../lib/api';
import { CatalogueFoodPicker } from './CatalogueFoodPicker';
import { FoodSelect } from './FoodSelect';
import { useDeleteEquivalenceListMutation } from './libraryApi';
import { useGetEquivalenceListsQuery, useSaveEquivalenceListMutation } from './planApi';

const t = it.dietPlan.lists;
const d = it.dietLibrary.lists;
type Draft = { id: string | null; name: string; group: string; items: { item: DietItem; name: string }[] };
const blank = (): Draft => ({ id: null, name: '', group: '', items: [] });

/**
 * The practice's equivalence lists (MètaDieta's "equivalenze"): a named list of interchangeable foods of a group. Made
 * and changed here; the editor offers their swaps on each row whose food is in one.
 */
export function EquivalenceLists() {
  const [show, setShow] = useState(false);
  const lists = useGetEquivalenceListsQuery(undefined, { skip: !show });
  const [save, saving] = useSaveEquivalenceListMutation();
  const [remove, removing] = useDeleteEquivalenceListMutation();
  const [deleting, setDeleting] = useState<EquivalenceListView | null>(null);
  const [draft, setDraft] = useState<Draft>(blank);
  const [message, setMessage] = useState<{ variant: 'success' | 'danger'; text: string } | null>(null);
  const add = (item: DietItem, name: string) => setDraft((d) => (d.items.some((i) => i.item === item) ? d : { ...d, items: [...d.items, { item, name }] }));
  const edit = (list: EquivalenceListView) => setDraft({ id: list.id, name: list.name, group: list.group, items: list.items });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    try {
      const saved = await save({ id: draft.id, list: { name: draft.name, group: draft.group, items: draft.items.map((i) => i.item) } }).unwrap();
      setMessage({ variant: 'success', text: t.saved(saved.name) });
      setDraft(blank());
    } catch (error) {
      setMessage({ variant: 'danger', text: errorMessage(error) });
    }
  };

  const confirmDelete = async (list: EquivalenceListView) => {
    setMessage(null);
    try {
      await remove(list.id).unwrap();
      setMessage({ variant: 'success', text: d.deleted(list.name) });
      setDeleting(null);
      if (draft.id === list.id) setDraft(blank());
    } catch (error) {
      setMessage({ variant: 'danger', text: errorMessage(error) });
    }
  };

  return (
    <>
      <Button size="sm" variant="outline-secondary" onClick={() => setShow(true)}>
        {t.open}
      </Button>
      <Modal show={show} onHide={() => setShow(false)} size="lg" aria-labelledby="equivalence-lists-title">
        <Modal.Header closeButton closeLabel={t.close}>
          <Modal.Title id="equivalence-lists-title" as="h2" className="h5">
            {t.title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-body-secondary">{t.intro}</p>
          {lists.isError && <Alert variant="danger">{errorMessage(lists.error, t.loadError)}</Alert>}
          {lists.data && lists.data.length === 0 && <p>{t.none}</p>}
          {lists.data && lists.data.length > 0 && (
            <ListGroup className="mb-3">
              {lists.data.map((list) => (
                <ListGroup.Item key={list.id} className="d-flex flex-wrap align-items-center gap-2">
                  <div className="me-auto">
                    <strong>{list.name}</strong> <span className="text-body-secondary">({list.group})</span>
                    <div className="small">{list.items.map((i) => i.name).join(', ')}</div>
                  </div>
                  {deleting?.id === list.id ? (
                    <>
                      <span className="w-100 small">{d.deleteBody(list.name)}</span>
                      <Button size="sm" variant="outline-secondary" onClick={() => setDeleting(null)}>
                        {it.dietLibrary.keep}
                      </Button>
                      <Button size="sm" variant="danger" disabled={removing.isLoading} onClick={() => void confirmDelete(list)}>
                        {d.delete(list.name)}
                      </Button>
                    </>
                  ) : (
                    <>
                      <Button size="sm" variant="outline-primary" onClick={() => edit(list)}>
                        {t.edit(list.name)}
                      </Button>
                      <Button size="sm" variant="outline-danger" onClick={() => setDeleting(list)}>
                        {d.delete(list.name)}
                      </Button>
                    </>
                  )}
                </ListGroup.Item>
              ))}
            </ListGroup>
          )}
          <Form onSubmit={(e) => void submit(e)} aria-labelledby="equivalence-list-form-title" noValidate>
            <h3 id="equivalence-list-form-title" className="h6">
              {draft.id ? t.edit(draft.name) : t.newList}
            </h3>
            {message && (
              <Alert variant={message.variant} role={message.variant === 'danger' ? 'alert' : 'status'}>
                {message.text}
              </Alert>
            )}
            <Form.Group className="mb-2" controlId="equivalence-list-name">
              <Form.Label>{t.name}</Form.Label>
              <Form.Control value={draft.name} maxLength={120} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
            </Form.Group>
            <Form.Group className="mb-2" controlId="equivalence-list-group">
              <Form.Label>{t.group}</Form.Label>
              <Form.Control value={draft.group} maxLength={120} onChange={(e) => setDraft({ ...draft, group: e.target.value })} />
            </Form.Group>
            <p className="mb-1 fw-semibold">{t.foods}</p>
            <ul className="list-unstyled mb-2">
              {draft.items.map((i) => (
                <li key={String(i.item)} className="d-flex align-items-center gap-2">
                  <span className="me-auto">{i.name}</span>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={t.remove(i.name)}
                    onClick={() => setDraft({ ...draft, items: draft.items.filter((x) => x.item !== i.item) })}
                  >
                    ✕
                  </Button>
                </li>
              ))}
            </ul>
            <FoodSelect label={t.addPractice} name="equivalence-list-food" value={0} onChange={(item, option) => add(item, option.label)} />
            <CatalogueFoodPicker label={t.addCatalogue} onPick={(food) => add(food.id, food.name)} />
            <Button type="submit" className="mt-3" disabled={saving.isLoading}>
              {t.save}
            </Button>
          </Form>
        </Modal.Body>
      </Modal>
    </>
  );
}
