/** @jest-environment jsdom */
import { bookingInTab, framed, tellHost } from './widgetHost';

describe('the widget tells its host page', () => {
  const own = window.parent;
  afterEach(() => Object.defineProperty(window, 'parent', { value: own, configurable: true }));

  it('in a frame: the event and the doctor, nothing about the patient', () => {
    const posted: unknown[][] = [];
    Object.defineProperty(window, 'parent', { value: { postMessage: (...args: unknown[]) => posted.push(args) }, configurable: true });
    expect(framed()).toBe(true);
    tellHost('held', { doctorId: 'd1' });
    tellHost('confirmed');
    expect(posted).toEqual([
      [{ type: 'prenotazione:riservata', doctorId: 'd1' }, '*'],
      [{ type: 'prenotazione:confermata' }, '*'],
    ]);
  });

  it('as a page of its own: nothing is posted', () => {
    expect(framed()).toBe(false);
    expect(() => tellHost('held')).not.toThrow();
  });
});

describe('the booking in a tab of its own', () => {
  it('names the doctor and the visit type when there is one', () => {
    expect(bookingInTab('d 1', 'v&1')).toBe('/prenota?medico=d+1&tipo=v%261');
    expect(bookingInTab('d1', null)).toBe('/prenota?medico=d1');
  });
});
