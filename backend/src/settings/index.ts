// settings' public entry: the practice's details and logo, the doctors' profiles and photos (the reader of both is
// the kernel's config/practice-settings, which every feature may use)
export { SettingsModule } from './settings.module';
export { SettingsService } from './settings.service';
