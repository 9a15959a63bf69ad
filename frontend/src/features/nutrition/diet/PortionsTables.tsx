import { caloriesFor, chosenPortionCategories, PORTION_TABLES, portionsTotal, REQUIRED_PORTIONS, type DietContent } from '@studio/contracts';
import type { Dispatch } from 'react';
import { Alert, Button, Card, Col, Form, Row, Table } from 'react-bootstrap';
import * as it from '../../../i18n/it';
import { draftActions } from './draftSlice';
import { useCatalogue } from './FoodSelect';

const t = it.diet;
type Action = ReturnType<(typeof draftActions)[keyof typeof draftActions]>;

/** the weekly portions of each category at lunch and at dinner; they must add up to 14 */
export function PortionsTables({ portions, dispatch }: { portions: DietContent['portions']; dispatch: Dispatch<Action> }) {
  const { categories } = useCatalogue();
  const total = portionsTotal(portions);
  return (
    <section className="mb-4" aria-labelledby="portions-title">
      <h2 id="portions-title" className="h5">
        {t.portionsTitle}
      </h2>
      <p className="small text-body-secondary">{t.portionsExplain}</p>
      <Row xs={1} md={2} className="g-3">
        {PORTION_TABLES.map((table) => (
          <Col key={table}>
            <Table size="sm" className="portions-table align-middle" data-table={table} aria-label={t.portionsTable(t.meals[table])}>
              <caption className="caption-top">{t.portionsTable(t.meals[table])}</caption>
              <thead>
                <tr>
                  <th>{t.portionCategory}</th>
                  <th className="diet-grams">{t.portionTimes}</th>
                  <th>
                    <span className="visually-hidden">{t.rowActions}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {portions[table].map((p, index) => (
                  <tr key={index}>
                    <td>
                      <Form.Select
                        size="sm"
                        className="portions-select"
                        aria-label={`${t.portionCategory} ${t.meals[table]} ${index + 1}`}
                        value={p.categoryId || ''}
                        onChange={(e) => dispatch(draftActions.portionChanged({ table, index, categoryId: Number(e.target.value) }))}
                      >
                        <option value="">—</option>
                        {categories.map((c) => (
                          <option key={c.id} value={c.id}>
                            {c.name}
                          </option>
                        ))}
                      </Form.Select>
                    </td>
                    <td className="diet-grams">
                      <Form.Control
                        size="sm"
                        type="number"
                        min={0}
                        max={REQUIRED_PORTIONS}
                        step={1}
                        className="portion-input"
                        aria-label={`${t.portionTimes} ${t.meals[table]} ${index + 1}`}
                        value={Number.isFinite(p.times) ? p.times : ''}
                        onChange={(e) => dispatch(draftActions.portionChanged({ table, index, times: e.target.value === '' ? 0 : Number(e.target.value) }))}
                      />
                    </td>
                    <td className="text-end">
                      <Button
                        size="sm"
                        variant="outline-danger"
                        aria-label={`${t.removePortion} ${t.meals[table]} ${index + 1}`}
                        onClick={() => dispatch(draftActions.portionRemoved({ table, index }))}
                      >
                        ✕
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <Button size="sm" variant="outline-primary" onClick={() => dispatch(draftActions.portionAdded({ table }))}>
              {t.addPortion} ({t.meals[table].toLowerCase()})
            </Button>
          </Col>
        ))}
      </Row>
      {total === REQUIRED_PORTIONS ? (
        <p className="small text-success mt-2 mb-0">{t.portionsOk}</p>
      ) : (
        <Alert id="portions-alert" variant="warning" className="mt-2 mb-0" role="status">
          {t.portionsAlert(total)}
        </Alert>
      )}
    </section>
  );
}

/** a block per category chosen in a portions select: how often, one portion, and the foods it may be */
export function DietBlocks({ portions }: { portions: DietContent['portions'] }) {
  const { categories, foods } = useCatalogue();
  const chosen = chosenPortionCategories(portions);
  const times = (id: number) =>
    PORTION_TABLES.reduce((s, table) => s + portions[table].filter((p) => p.categoryId === id).reduce((a, p) => a + (p.times || 0), 0), 0);
  return (
    <section className="mb-4" aria-labelledby="blocks-title">
      <h2 id="blocks-title" className="h5">
        {t.blocksTitle}
      </h2>
      {chosen.length === 0 && <p className="small text-body-secondary">{t.blocksEmpty}</p>}
      <Row xs={1} md={2} lg={3} className="g-3">
        {chosen.map((id) => {
          const category = categories.find((c) => c.id === id);
          if (!category) return null;
          const members = foods.filter((f) => f.categoryId === id);
          return (
            <Col key={id}>
              <Card className="diet-block h-100" data-category-id={id}>
                <Card.Body>
                  <Card.Title as="h3" className="h6">
                    {category.name}
                  </Card.Title>
                  <p className="small mb-1">{t.blockTimes(times(id))}</p>
                  <p className="small mb-2">{t.blockPortion(category.baseWeight, caloriesFor(category.kcal100, category.baseWeight))}</p>
                  <p className="small fw-semibold mb-1">{t.blockFoods}</p>
                  <ul className="small mb-0 diet-block-foods">
                    {members.map((f) => (
                      <li key={f.id}>
                        {f.name}: {f.baseWeight} g, {caloriesFor(f.kcal100, f.baseWeight)} kcal
                      </li>
                    ))}
                  </ul>
                </Card.Body>
              </Card>
            </Col>
          );
        })}
      </Row>
    </section>
  );
}
