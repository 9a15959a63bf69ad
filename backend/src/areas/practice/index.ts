// settings' public entry: the practice's details and logo, the doctors' profiles and photos (the reader of both is
// the kernel's config/practice-settings, which every feature may use)
export { SettingsModule } from './settings.module';
export { DoctorAddressesFromSettings, SettingsService } from './settings.service';
export { readReminderSettings } from './reminder-settings';
export { reminderSettingsReadModel } from './read-models';
export type { ReminderSettingsDoc } from './reminder-settings.projection';
