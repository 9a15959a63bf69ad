import {
  missingValueNote,
  nutrientInfo,
  percentOfTarget,
  type LarnTarget,
  type LarnTargets,
  type NutrientTag,
  type NutrientTotal,
  type NutrientTotals,
} from '@studio/contracts';
import { Table } from 'react-bootstrap';
import * as it from '../../../i18n/it';

const t = it.nutrients;

/** the panel's rows, in the order a nutritionist reads them */
export const PANEL_GROUPS: { key: keyof typeof t.groups; tags: NutrientTag[] }[] = [
  { key: 'main', tags: ['ENERC_KCAL', 'PROCNT', 'CHOAVL', 'SUGAR', 'FAT', 'FASAT', 'FIBTG', 'NACL'] },
  { key: 'minerals', tags: ['CA', 'FE', 'MG', 'K', 'NA', 'ZN'] },
  { key: 'vitamins', tags: ['VITA', 'VITD', 'VITE', 'VITC', 'THIA', 'RIBF', 'VITB12', 'FOL'] },
];

const formats = [0, 1, 2].map((digits) => new Intl.NumberFormat('it-IT', { maximumFractionDigits: digits }));
/** more decimals for small amounts: 0,35 mg of thiamin, 12,4 g of fat, 1.830 kcal */
export function formatAmount(value: number): string {
  const abs = Math.abs(value);
  return formats[abs >= 100 ? 0 : abs >= 1 ? 1 : 2].format(value);
}

const withUnit = (value: number, unit: string) => `${formatAmount(value)} ${unit}`;

function TargetCell({ target }: { target: LarnTarget | undefined }) {
  if (!target) return <td className="text-body-secondary">{t.noTarget}</td>;
  const amount = withUnit(target.value, target.unit);
  return (
    <td>
      <abbr title={t.kindTitles[target.kind]}>{t.kinds[target.kind]}</abbr> {target.direction === 'atMost' ? t.atMost(amount) : amount}
      {target.ceiling && <div className="small text-body-secondary">{t.ceiling(withUnit(target.ceiling.value, target.unit))}</div>}
    </td>
  );
}

function Row({ tag, total, targets }: { tag: NutrientTag; total: NutrientTotal | undefined; targets: LarnTargets | null }) {
  const target = targets?.[tag];
  const info = nutrientInfo(tag);
  const unit = info?.unit ?? '';
  const percent = total && target ? percentOfTarget(total.value, target) : null;
  const notes = [total && missingValueNote(total.missing), total?.lowerBound ? t.upTo(withUnit(total.atMost, unit)) : null].filter(Boolean);
  return (
    <tr data-tag={tag}>
      <th scope="row">{info?.label ?? tag}</th>
      <td className="text-end">{total ? withUnit(total.value, unit) : '—'}</td>
      {targets && <TargetCell target={target} />}
      {targets && <td className="text-end">{percent === null ? '—' : `${percent} %`}</td>}
      <td className="small">{notes.join('; ')}</td>
    </tr>
  );
}

export interface NutrientPanelProps {
  totals: NutrientTotals;
  /** the LARN reference intakes for the person (larnTargets); null: no reference columns (a recipe's values) */
  targets: LarnTargets | null;
  caption?: string;
}

/**
 * Energy, macronutrients, minerals and vitamins of a meal, a day or a plan against the LARN 2014 reference
 * intakes: value, reference (PRI, AI or SDT), percentage, and for how many foods a value is missing (a missing
 * value is never counted as zero, so the total is then only part of the truth).
 */
export function NutrientPanel({ totals, targets, caption = t.caption }: NutrientPanelProps) {
  return (
    // scrolls sideways on a phone: a keyboard user reaches it, a screen reader names it
    <div className="table-responsive" tabIndex={0} role="region" aria-label={caption}>
      <Table size="sm" className="nutrient-panel align-middle">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.nutrient}</th>
            <th scope="col" className="text-end">
              {t.value}
            </th>
            {targets && <th scope="col">{t.target}</th>}
            {targets && (
              <th scope="col" className="text-end">
                {t.percent}
              </th>
            )}
            <th scope="col">{t.notes}</th>
          </tr>
        </thead>
        {PANEL_GROUPS.map((group) => (
          <tbody key={group.key}>
            <tr>
              <th scope="rowgroup" colSpan={targets ? 5 : 3} className="table-light">
                {t.groups[group.key]}
              </th>
            </tr>
            {group.tags.map((tag) => (
              <Row key={tag} tag={tag} total={totals[tag]} targets={targets} />
            ))}
          </tbody>
        ))}
      </Table>
    </div>
  );
}
