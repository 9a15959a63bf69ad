/** @jest-environment jsdom */
import { clearTicks, setTick, ticksOf } from './mealTicks';

afterEach(() => localStorage.clear());

describe('the meals ticked as eaten, on the device', () => {
  it('are kept per patient and per day, ticked and unticked', () => {
    setTick('p1', '2030-03-07', 'pranzo', true);
    setTick('p1', '2030-03-07', 'cena', true);
    expect(setTick('p1', '2030-03-07', 'pranzo', false)).toEqual(['cena']);
    expect(ticksOf('p1', '2030-03-07')).toEqual(['cena']);
    expect(ticksOf('p1', '2030-03-08')).toEqual([]);
    expect(ticksOf('p2', '2030-03-07')).toEqual([]);
  });

  it('two weeks are kept: a tick drops the days before', () => {
    setTick('p1', '2030-02-20', 'cena', true);
    setTick('p1', '2030-02-21', 'cena', true);
    setTick('p1', '2030-03-07', 'pranzo', true);
    expect(ticksOf('p1', '2030-02-20')).toEqual([]);
    expect(ticksOf('p1', '2030-02-21')).toEqual(['cena']);
  });

  it('go with the patient: another one’s at their login, everyone’s at logout; other keys stay', () => {
    localStorage.setItem('altro', 'x');
    setTick('p1', '2030-03-07', 'pranzo', true);
    setTick('p2', '2030-03-07', 'cena', true);
    clearTicks('p2');
    expect(ticksOf('p1', '2030-03-07')).toEqual([]);
    expect(ticksOf('p2', '2030-03-07')).toEqual(['cena']);
    clearTicks();
    expect(ticksOf('p2', '2030-03-07')).toEqual([]);
    expect(localStorage.getItem('altro')).toBe('x');
  });

  it('a stored value that is not a list reads as no tick', () => {
    localStorage.setItem('studio:pasti-mangiati:p1:2030-03-07', '{"pranzo":true}');
    expect(ticksOf('p1', '2030-03-07')).toEqual([]);
  });
});
