/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { screen, within } from '@testing-library/react';
import { larnDefaultTargets, type DietSummary, type SessionUser } from '@studio/contracts';
import { renderWithStore, storeWithSession } from '../../../test/renderWithStore';
import { TargetsPanel } from './TargetsPanel';

const doctor: SessionUser = { id: 'd1', role: 'doctor', name: 'Giulia Rossi' };
const summary: DietSummary = {
  kcal: 1800,
  protein: 70,
  carbohydrate: 260,
  fat: 40,
  split: { protein: 16, carbohydrate: 60, fat: 21 },
  meals: [
    { meal: 'colazione', kcal: 400 },
    { meal: 'spuntino', kcal: 100 },
    { meal: 'pranzo', kcal: 700 },
    { meal: 'merenda', kcal: 100 },
    { meal: 'cena', kcal: 500 },
  ],
  portionsTotal: 14,
};

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

describe('diet targets against the diet', () => {
  it('shows target, actual and the % difference in words and symbols, for the day and per meal', async () => {
    fetchMock = mockFetch([
      {
        method: 'GET',
        path: '/api/patients/p1/diet-targets',
        body: { targets: larnDefaultTargets(2000, 40), isDefault: true, weightKg: 70, allergies: [{ allergen: 'arachidi' }, { text: 'nichel' }] },
      },
    ]);
    renderWithStore(await storeWithSession(doctor), <TargetsPanel patientId="p1" summary={summary} />);
    const day = await screen.findByRole('table', { name: 'Obiettivi della giornata e valori della dieta' });
    const row = (name: string) => within(day).getByRole('rowheader', { name }).closest('tr')!.textContent;
    // 1800 against 2000 kcal: 10 % under; protein 70 g against 0,9 × 70 = 63 g: 11 % over; carbs 260 in 225–300: within
    expect(row('Energia')).toBe('Energia1800 kcal2000 kcal▼ sotto (-10 %)');
    expect(row('Proteine')).toBe('Proteine70 g63 g▲ sopra (+11 %)');
    expect(row('Carboidrati')).toMatch(/260 g225–300 g✓ nei limiti/);
    expect(row('Grassi')).toMatch(/40 g44–78 g▼ sotto \(-9 %\)/);
    const meals = screen.getByRole('table', { name: 'Energia per pasto: obiettivo e valore' });
    // pranzo 40 % of 2000 = 800 kcal; 700 is 12,5 % under (Math.round: −12)
    expect(within(meals).getByRole('rowheader', { name: 'Pranzo' }).closest('tr')!.textContent).toBe('Pranzo700 kcal800 kcal▼ sotto (-12 %)');
    expect(screen.getByText('Arachidi, nichel', { exact: false })).toBeTruthy();
  });
});
