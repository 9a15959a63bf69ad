/** @jest-environment jsdom */
import '../../../test/setupDom';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { MealSummary } from '@studio/contracts';
import { it as t } from '../../../i18n/it';
import { MealSummaryTable } from './Summaries';

const d = t.diet;
const summary: MealSummary = {
  meal: 'pranzo',
  rows: [
    { id: 'r1', item: 1, name: 'Pasta di semola', grams: 80, kcal: 282, protein: 10.4, carbohydrate: 59.2, fat: 1 },
    { id: 'r2', item: 100003, name: 'Verdure', grams: 200, kcal: 44, protein: null, carbohydrate: null, fat: null },
  ],
  kcal: 326,
  protein: 10.4,
  carbohydrate: 59.2,
  fat: 1,
};

describe('editable meal summary', () => {
  it("trigger-edit makes the data-payload-attr cells editable; leaving saves them and shows the server's answer", async () => {
    const answer: MealSummary = { ...summary, rows: [{ ...summary.rows[0], grams: 160, kcal: 565 }, summary.rows[1]], kcal: 609 };
    const save = jest.fn().mockResolvedValue(answer);
    const { container } = render(<MealSummaryTable summary={summary} title="Riepilogo" onSaveCells={save} />);
    const cells = () => [...container.querySelectorAll<HTMLElement>('[data-payload-attr]')];
    expect(cells().map((c) => [c.dataset.payloadAttr, c.textContent, c.isContentEditable || c.getAttribute('contenteditable') === 'true'])).toEqual([
      ['grams[r1]', '80', false],
      ['grams[r2]', '200', false],
    ]);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: d.editSummary })));
    expect(cells().every((c) => c.getAttribute('contenteditable') === 'true')).toBe(true);
    cells()[0].textContent = '170';
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: d.endEditSummary })));
    expect(save).toHaveBeenCalledWith({ r1: '170', r2: '200' });
    expect(cells().map((c) => [c.textContent, c.getAttribute('contenteditable')])).toEqual([
      ['160', 'false'],
      ['200', 'false'],
    ]);
    expect(container.querySelector('.meal-kcal')!.textContent).toBe('609');
  });

  it('stays in edit mode when the server refuses, and offers no editing before the diet is saved', async () => {
    const save = jest.fn().mockResolvedValue(null);
    const view = render(<MealSummaryTable summary={summary} title="Riepilogo" onSaveCells={save} />);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: d.editSummary })));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: d.endEditSummary })));
    expect(screen.getByRole('button', { name: d.endEditSummary })).toBeTruthy();
    view.rerender(<MealSummaryTable summary={summary} title="Riepilogo" onSaveCells={null} editDisabledHint={d.editNeedsSave} />);
    expect(screen.queryByRole('button', { name: d.editSummary })).toBeNull();
    expect(screen.getByText(d.editNeedsSave)).toBeTruthy();
  });
});
