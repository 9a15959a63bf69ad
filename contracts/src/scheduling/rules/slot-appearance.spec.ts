import { slotAppearance, statusAfterToggle } from './slot-appearance';

describe('slot appearance', () => {
  it('opening a slot makes it green and available, closing it grey', () => {
    expect(statusAfterToggle('SlotOpened')).toBe('available');
    expect(statusAfterToggle('SlotClosed')).toBe('unavailable');
    expect(slotAppearance('available')).toEqual({ title: 'Disponibile', color: '#198754', textColor: '#ffffff' });
    expect(slotAppearance('unavailable')).toEqual({ title: 'Non disponibile', color: '#e9ecef', textColor: '#212529' });
  });

  it('a held slot and a booked one are both red, with their own title', () => {
    expect(slotAppearance('held')).toEqual({ title: 'In attesa di pagamento', color: '#dc3545', textColor: '#ffffff' });
    expect(slotAppearance('booked')).toMatchObject({ title: 'Prenotato', color: '#dc3545' });
  });
});
