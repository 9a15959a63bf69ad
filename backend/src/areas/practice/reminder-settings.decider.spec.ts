import { DEFAULT_REMINDER_SETTINGS } from '@studio/contracts';
import { deciderSpec } from '../../platform/event-store/decider-spec';
import { reminderSettingsDecider } from './reminder-settings.decider';

const admin = { id: 'a', admin: true };
const given = deciderSpec(reminderSettingsDecider);

describe('the practice’s reminders', () => {
  it('are set whole, the hours from the longest', () => {
    given([])
      .when({ type: 'SetReminderSettings', actor: admin, settings: { ...DEFAULT_REMINDER_SETTINGS, hoursBefore: [24, 48] } })
      .then([{ type: 'ReminderSettingsSet', data: { ...DEFAULT_REMINDER_SETTINGS, hoursBefore: [48, 24] } }]);
  });
  it('append nothing when unchanged', () => {
    given([{ type: 'ReminderSettingsSet', data: DEFAULT_REMINDER_SETTINGS }])
      .when({ type: 'SetReminderSettings', actor: admin, settings: DEFAULT_REMINDER_SETTINGS })
      .then([]);
  });
  it('are the administrator’s alone', () => {
    given([])
      .when({ type: 'SetReminderSettings', actor: { id: 'd', admin: false }, settings: DEFAULT_REMINDER_SETTINGS })
      .thenThrows('solo_amministrazione');
  });
});
