/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { DietTemplateView } from '@studio/contracts';
import { it as t } from '../../../i18n/it';
import { renderWithStore, storeWithSession } from '../../../test/renderWithStore';
import { TemplateLibrary } from './TemplateLibrary';

const l = t.dietLibrary.templates;
const template: DietTemplateView = {
  id: '44444444-4444-4444-8444-444444444444',
  name: 'Mediterranea',
  savedAt: '2030-03-04T10:00:00.000Z',
  days: [{ weekday: 'lunedi', kcal: 1800 }],
  content: { meals: {}, days: [], mealNames: {}, portions: {}, notes: null, values: {} } as unknown as DietTemplateView['content'],
};

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());
const click = (el: HTMLElement) => act(async () => void fireEvent.click(el));

async function openLibrary(renameAnswer: { status?: number; body: unknown }) {
  fetchMock = mockFetch([
    { method: 'GET', path: '/api/diet-templates', body: [template] },
    { method: 'PUT', path: `/api/diet-templates/${template.id}`, ...renameAnswer },
    { method: 'DELETE', path: `/api/diet-templates/${template.id}`, status: 204 },
  ]);
  renderWithStore(await storeWithSession({ id: 'd1', role: 'doctor', name: 'Giulia Rossi' }), <TemplateLibrary />);
  await click(screen.getByRole('button', { name: l.open }));
  return screen.findByRole('dialog');
}

describe('the practice’s template library', () => {
  it('renames a template', async () => {
    const dialog = await openLibrary({ body: { ...template, name: 'Mediterranea 1800' } });
    await click(await within(dialog).findByRole('button', { name: l.rename('Mediterranea') }));
    await act(async () => void fireEvent.change(within(dialog).getByLabelText(l.newName), { target: { value: 'Mediterranea 1800' } }));
    await click(within(dialog).getByRole('button', { name: l.rename('Mediterranea') }));
    expect(await within(dialog).findByText(l.renamed('Mediterranea 1800'))).toBeTruthy();
    expect(fetchMock!.calls.find((c) => c.method === 'PUT')!.body).toEqual({ name: 'Mediterranea 1800' });
  });

  it('shows the server’s refusal (the front desk may not rename)', async () => {
    const message = 'Solo i medici dello studio rinominano o eliminano modelli e liste di equivalenze.';
    const dialog = await openLibrary({ status: 403, body: { error: { code: 'solo_medici', message } } });
    await click(await within(dialog).findByRole('button', { name: l.rename('Mediterranea') }));
    await click(within(dialog).getByRole('button', { name: l.rename('Mediterranea') }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
  });

  it('deletes a template after asking', async () => {
    const dialog = await openLibrary({ body: template });
    await click(await within(dialog).findByRole('button', { name: l.delete('Mediterranea') }));
    expect(within(dialog).getByText(l.deleteBody('Mediterranea'))).toBeTruthy();
    await click(within(dialog).getByRole('button', { name: l.delete('Mediterranea') }));
    expect(await within(dialog).findByText(l.deleted('Mediterranea'))).toBeTruthy();
    expect(fetchMock!.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
