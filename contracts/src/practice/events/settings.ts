// Events of `settings-practice`, `settings-reminders`, `settings-doctorslugs`, `settings-widget` and
// `doctorprofile-<doctorId>`: the practice's details, logo and reminders, the doctors' page addresses, the widget's
// allowed origins, a doctor's profile and photo.
import { z } from '../../platform/zod-it';
import { StoredImage } from '../settings';
import { ReminderSettingsRequest } from '../reminders';

/** on `settings-practice`: the practice's details, whole; a later one supersedes */
export const PracticeDetailsSet = z.object({
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  /** the data controller (titolare del trattamento) named in the privacy notice */
  dataController: z.string(),
});
/** on `settings-practice`: the logo */
export const PracticeLogoSet = StoredImage;
/** on `doctorprofile-<doctorId>`: the doctor's public profile, whole */
export const DoctorProfileSet = z.object({
  doctorId: z.string(),
  title: z.string(),
  specialty: z.string(),
  registerNumber: z.string(),
  bio: z.string(),
});
/** on `doctorprofile-<doctorId>`: the doctor's photo */
export const DoctorPhotoSet = StoredImage.extend({ doctorId: z.string() });

/** on `settings-doctorslugs`: the address of a doctor's public page (`/medici/<slug>`), chosen by the administrator */
export const DoctorSlugSet = z.object({ doctorId: z.string(), slug: z.string() });

/** on `settings-widget`: the origins allowed to frame the booking widget, the whole list */
export const WidgetOriginsSet = z.object({ origins: z.array(z.string()) });

/** on `settings-reminders`: the practice's reminders, whole; a later one supersedes */
export const ReminderSettingsSet = ReminderSettingsRequest;

export const SettingsEventSchemas = {
  PracticeDetailsSet,
  PracticeLogoSet,
  DoctorProfileSet,
  DoctorPhotoSet,
  DoctorSlugSet,
  WidgetOriginsSet,
  ReminderSettingsSet,
} as const;
