import type { ImportedFoodSource } from '@studio/contracts';
import { Alert, Form } from 'react-bootstrap';
import * as it from '../../../i18n/it';
import { errorMessage, useGetSessionQuery } from '../../../lib/api';
import { useGetPreferredFoodSourceQuery, useSetPreferredFoodSourceMutation } from './foodTablesApi';

const t = it.foods;
const SOURCES: ImportedFoodSource[] = ['ciqual', 'svizzera'];

/** the practice's preferred table: the administrator chooses it, a doctor reads it */
export function PreferredSourceField() {
  const { data: session } = useGetSessionQuery();
  const preference = useGetPreferredFoodSourceQuery();
  const [save, saving] = useSetPreferredFoodSourceMutation();
  if (!preference.data) return null;
  const current = preference.data.source;
  if (session?.user?.role !== 'admin')
    return (
      <p className="small text-body-secondary">
        {t.preferredSource}: {current ? t.tableSource[current] : t.noPreference}
      </p>
    );
  return (
    <Form.Group className="mb-3" controlId="preferred-food-source">
      <Form.Label>{t.preferredSource}</Form.Label>
      <Form.Select
        value={current ?? ''}
        disabled={saving.isLoading}
        aria-describedby="preferred-food-source-help"
        onChange={(e) => void save((e.target.value || null) as ImportedFoodSource | null)}
      >
        <option value="">{t.noPreference}</option>
        {SOURCES.map((s) => (
          <option key={s} value={s}>
            {t.tableSource[s]}
          </option>
        ))}
      </Form.Select>
      <Form.Text id="preferred-food-source-help">{t.preferredSourceHelp}</Form.Text>
      {saving.isError && (
        <Alert variant="danger" className="mt-2">
          {errorMessage(saving.error, t.preferredSourceError)}
        </Alert>
      )}
    </Form.Group>
  );
}
