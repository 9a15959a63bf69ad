import type { FoodTableImportView } from '@studio/contracts';
import { Alert } from 'react-bootstrap';
import * as it from '../../../i18n/it';
import { useGetFoodTablesQuery } from './foodTablesApi';
import { PreferredSourceField } from './PreferredSourceField';

const t = it.foods;

/** the latest import of each table (the log comes newest first) */
function latestBySource(log: FoodTableImportView[]): FoodTableImportView[] {
  const seen = new Set<string>();
  return log.filter((i) => !seen.has(i.source) && seen.add(i.source));
}

/** which publishers' tables the catalogue holds; with none, how to import them */
export function FoodTablesBanner() {
  const tables = useGetFoodTablesQuery();
  if (!tables.data) return null;
  const latest = latestBySource(tables.data);
  if (latest.length === 0)
    return (
      <Alert variant="info">
        <Alert.Heading as="h2" className="h6">
          {t.tablesMissingTitle}
        </Alert.Heading>
        <p className="mb-1">{t.tablesMissing}</p>
        <code className="text-info-emphasis">{t.tablesCommand}</code>
      </Alert>
    );
  return (
    <>
      <p className="small text-body-secondary">
        {t.tablesImported} {latest.map((i) => t.tableVersion(t.tableSource[i.source], i.version, t.count(i.foods))).join(' · ')}
      </p>
      {latest.length > 1 && <PreferredSourceField />}
    </>
  );
}
