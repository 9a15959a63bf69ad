/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { it as t } from '../../../i18n/it';
import { renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { StaffPage } from './StaffPage';

const admin = { id: 'a1', role: 'admin' as const, name: 'Segreteria Studio' };
const member = (over: object = {}) => ({
  id: 'd1',
  name: 'Marco Bianchi',
  email: 'medico2@example.it',
  roles: ['doctor'],
  status: 'active',
  invitationExpiresAt: null,
  ...over,
});

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

describe('StaffPage', () => {
  test('invites a person with the chosen role and says where the link went', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/staff', body: [member()] },
      {
        method: 'POST',
        path: '/api/staff/invitations',
        status: 201,
        body: member({ id: 'n1', name: 'Rita Conti', email: 'rita@example.it', status: 'invited' }),
      },
    ]);
    renderRoutes(await storeWithSession(admin), [{ path: '/staff', element: <StaffPage /> }], '/staff');
    expect(await screen.findByText('Marco Bianchi')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(t.staff.name, { exact: true }), { target: { value: 'Rita' } });
    fireEvent.change(screen.getByLabelText(t.staff.surname), { target: { value: 'Conti' } });
    fireEvent.change(screen.getByLabelText(t.staff.email), { target: { value: 'rita@example.it' } });
    fireEvent.change(screen.getByLabelText(t.staff.role), { target: { value: 'auditor' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: t.staff.invite }));
    });
    expect(await screen.findByText(t.staff.invited('rita@example.it'))).toBeTruthy();
    expect(fetchMock.calls.find((c) => c.url === '/api/staff/invitations')?.body).toEqual({
      email: 'rita@example.it',
      name: 'Rita',
      surname: 'Conti',
      role: 'auditor',
    });
  });

  test("the administrator renames a doctor from the row (the doctor's public name)", async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/staff', body: [member()] },
      { method: 'PUT', path: '/api/staff/d1/name', body: member({ name: 'Marco Neri' }) },
    ]);
    renderRoutes(await storeWithSession(admin), [{ path: '/staff', element: <StaffPage /> }], '/staff');
    await screen.findByText('Marco Bianchi');
    fireEvent.click(screen.getByRole('button', { name: t.staff.rename }));
    const form = screen.getByRole('form', { name: t.staff.rename });
    expect(form.textContent).toContain(t.staff.renameHelp);
    fireEvent.change(within(form).getByLabelText(t.staff.name), { target: { value: 'Marco' } });
    fireEvent.change(within(form).getByLabelText(t.staff.surname), { target: { value: 'Neri' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: t.staff.saveName }));
    });
    expect(fetchMock.calls.find((c) => c.url === '/api/staff/d1/name')?.body).toEqual({ name: 'Marco', surname: 'Neri' });
  });

  test('deactivating a doctor lists their future visits to move or cancel', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/staff', body: [member()] },
      {
        method: 'POST',
        path: '/api/staff/d1/deactivate',
        body: {
          member: member({ status: 'deactivated' }),
          futureBookings: [{ bookingId: 'b1', start: '2030-03-05T14:00:00Z', end: '2030-03-05T14:30:00Z', status: 'confirmed', patientName: 'Luca Verdi' }],
        },
      },
    ]);
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    renderRoutes(await storeWithSession(admin), [{ path: '/staff', element: <StaffPage /> }], '/staff');
    await screen.findByText('Marco Bianchi');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: t.staff.deactivate }));
    });
    expect(await screen.findByText(t.staff.futureTitle('Marco Bianchi'))).toBeTruthy();
    expect(screen.getByText(/Luca Verdi/)).toBeTruthy();
    expect(screen.getByRole('link', { name: t.staff.openAgenda }).getAttribute('href')).toBe('/agenda?for=d1');
    confirm.mockRestore();
  });
});
