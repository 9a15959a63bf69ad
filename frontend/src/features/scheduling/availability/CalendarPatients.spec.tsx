/** @jest-environment jsdom */
import type { AgendaItem } from '@studio/contracts';
import type { EventDisplayInfo } from '@fullcalendar/react';
import { render } from '@testing-library/react';
import { renderEventContent } from '../../../components/ui/WeekGrid';
import { toCalendarEvents } from '../../../components/ui/weekGridEvents';
import { agendaRangeOfWeek, patientsBySlot } from './calendarPatients';

const item = (start: string, end: string, status: AgendaItem['status'], name: string): AgendaItem =>
  ({ id: start, start, end, status, patient: { id: 'p', name, surname: 'Verdi', phone: '', email: '' } }) as unknown as AgendaItem;

describe('the names in the doctor’s week calendar', () => {
  it('reads the agenda of the days shown (the calendar’s end is exclusive)', () => {
    expect(agendaRangeOfWeek({ start: '2030-03-04T00:00:00.000Z', end: '2030-03-11T00:00:00.000Z' })).toEqual({ from: '2030-03-04', to: '2030-03-10' });
  });

  it('names every slot a held or booked visit takes, never a cancelled one', () => {
    const names = patientsBySlot([
      item('2030-03-05T09:00:00Z', '2030-03-05T10:00:00Z', 'confirmed', 'Luca'),
      item('2030-03-05T11:00:00Z', '2030-03-05T11:30:00Z', 'cancelled', 'Anna'),
    ]);
    expect([...names.entries()]).toEqual([
      [Date.parse('2030-03-05T09:00:00Z'), 'Luca Verdi'],
      [Date.parse('2030-03-05T09:30:00Z'), 'Luca Verdi'],
    ]);
    const [booked, free] = toCalendarEvents(
      [
        {
          id: 'a',
          title: '',
          color: 'red',
          textColor: 'white',
          url: '/prenotazioni/b1',
          start: '2030-03-05T09:00:00Z',
          end: '2030-03-05T09:30:00Z',
          status: 'booked',
        },
        { id: 'b', title: '', color: 'green', textColor: 'white', start: '2030-03-05T11:00:00Z', end: '2030-03-05T11:30:00Z', status: 'available' },
      ],
      [],
      undefined,
      names,
    );
    expect(booked.extendedProps).toMatchObject({ patient: 'Luca Verdi', label: 'Prenotato 09:00–09:30' });
    expect(booked.url).toBe('/prenotazioni/b1');
    expect(free.extendedProps.patient).toBeUndefined();
    // shown under the status, read after the slot's label; the title stays the slot's
    const { container } = render(renderEventContent({ event: { extendedProps: booked.extendedProps } } as unknown as EventDisplayInfo));
    expect(container.querySelector('.slot-patient')?.textContent).toBe('Luca Verdi');
    expect(container.querySelector('.visually-hidden')?.textContent).toBe('Prenotato 09:00–09:30: Luca Verdi');
    expect(container.querySelector('.slot-content')?.getAttribute('title')).toBe('Prenotato 09:00–09:30');
  });
});
