import type { DietView } from '@studio/contracts';
import { DietSheet } from '../../components/ui/DietSheet';
import * as it from '../../i18n/it';

const t = it.diet;

/**
 * The saved diet as the patient gets it, laid out for paper: the editor's print view. Hidden on screen; under
 * `@media print` it is the only thing on the page (diet.css), so "Stampa" is window.print() of this sheet.
 */
export function DietPrintSheet({ diet }: { diet: DietView }) {
  return (
    <section className="diet-print-sheet" aria-label={t.printTitle(diet.patientName)} data-testid="diet-print-sheet">
      <p className="h3">{t.printTitle(diet.patientName)}</p>
      <DietSheet diet={diet} heading="h2" />
    </section>
  );
}
