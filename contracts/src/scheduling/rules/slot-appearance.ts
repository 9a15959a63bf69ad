import { SLOT_COLORS, SLOT_TITLES, type SlotStatus } from '../availability';

/** how a slot shows on every calendar: its title and colours follow its status, nothing else */
export function slotAppearance(status: SlotStatus): { title: string; color: string; textColor: string } {
  return { title: SLOT_TITLES[status], ...SLOT_COLORS[status] };
}

/** the status a doctor's toggle leaves the slot in */
export function statusAfterToggle(eventType: string): SlotStatus {
  return eventType === 'SlotOpened' ? 'available' : 'unavailable';
}
