import { type DoctorProfileView, type EventData, type PracticeInfo, type StoredImage, imageUrl } from '@studio/contracts';
import type { ReadModelReader } from '@studio/projections';
import type { AppConfig } from './config';
import { PRACTICE_DOC, WIDGET_DOC } from './practice-settings.projection';
import { doctorProfilesReadModel, doctorSlugsReadModel, practiceSettingsReadModel, widgetSettingsReadModel } from './read-models';

/**
 * The one reader of the practice's identity: the read models of `settings-practice` and `doctorprofile-<id>`
 * (practice-settings.projection.ts) over the initial values of the environment (PRACTICE_NAME…). Every place that
 * shows who the practice is (GET /api/practice for the login page, the header and the titles; emails; receipts;
 * calendar files; the privacy notice) asks here at the moment it shows it, so a change is seen at once, with no
 * restart; the settings' commands wait for the read model before answering. The folds below are the deciders'.
 */

export type PracticeSettingsEvent =
  { type: 'PracticeDetailsSet'; data: EventData<'PracticeDetailsSet'> } | { type: 'PracticeLogoSet'; data: EventData<'PracticeLogoSet'> };

export interface PracticeSettingsState {
  /** null: never set, the environment's initial values apply */
  details: EventData<'PracticeDetailsSet'> | null;
  logo: StoredImage | null;
}

export const initialPracticeSettings = (): PracticeSettingsState => ({ details: null, logo: null });

export function evolvePracticeSettings(state: PracticeSettingsState, event: PracticeSettingsEvent): PracticeSettingsState {
  switch (event.type) {
    case 'PracticeDetailsSet':
      return { ...state, details: event.data };
    case 'PracticeLogoSet':
      return { ...state, logo: { imageId: event.data.imageId, contentType: event.data.contentType } };
  }
}

export type DoctorProfileEvent =
  { type: 'DoctorProfileSet'; data: EventData<'DoctorProfileSet'> } | { type: 'DoctorPhotoSet'; data: EventData<'DoctorPhotoSet'> };

export interface DoctorProfileState {
  /** null: never set; the practice's specialty and no title apply */
  profile: EventData<'DoctorProfileSet'> | null;
  photo: StoredImage | null;
}

export const initialDoctorProfile = (): DoctorProfileState => ({ profile: null, photo: null });

export function evolveDoctorProfile(state: DoctorProfileState, event: DoctorProfileEvent): DoctorProfileState {
  switch (event.type) {
    case 'DoctorProfileSet':
      return { ...state, profile: event.data };
    case 'DoctorPhotoSet':
      return { ...state, photo: { imageId: event.data.imageId, contentType: event.data.contentType } };
  }
}

/** where the identity is read from: the read models (only `get`) and the environment's initial values */
type Sources = {
  readModels: Pick<ReadModelReader, 'get'>;
  config: Pick<AppConfig, 'practice' | 'practiceTimeZone'>;
};

export async function readPracticeSettings(readModels: Sources['readModels']): Promise<PracticeSettingsState> {
  const doc = (await practiceSettingsReadModel.get(readModels, PRACTICE_DOC))?.doc;
  return doc ? { details: doc.details, logo: doc.logo } : initialPracticeSettings();
}

/** who the practice is, now */
export async function readPracticeIdentity({ readModels, config }: Sources): Promise<PracticeInfo> {
  const { details, logo } = await readPracticeSettings(readModels);
  const initial = config.practice;
  return {
    name: details?.name ?? initial.name,
    logoUrl: logo ? imageUrl(logo.imageId) : initial.logoUrl,
    specialty: initial.specialty,
    address: details?.address ?? '',
    phone: details?.phone ?? '',
    email: details?.email ?? '',
    // until the administrator names one, the practice itself is the controller
    dataController: details?.dataController ?? details?.name ?? initial.name,
    // a visit is one 30-minute slot (calendar slot duration)
    visitMinutes: 30,
    timeZone: config.practiceTimeZone,
  };
}

export async function readDoctorProfileState(readModels: Sources['readModels'], doctorId: string): Promise<DoctorProfileState> {
  const doc = (await doctorProfilesReadModel.get(readModels, doctorId))?.doc;
  return doc ? { profile: doc.profile, photo: doc.photo } : initialDoctorProfile();
}

/** a doctor's public profile, with the practice's specialty until the doctor sets one */
export async function readDoctorProfile({ readModels, config }: Sources, doctorId: string): Promise<DoctorProfileView> {
  const { profile, photo } = await readDoctorProfileState(readModels, doctorId);
  return {
    doctorId,
    title: profile?.title ?? '',
    specialty: profile?.specialty ?? config.practice.specialty,
    registerNumber: profile?.registerNumber ?? '',
    bio: profile?.bio ?? '',
    photoUrl: photo ? imageUrl(photo.imageId) : null,
  };
}

/** the page addresses the administrator chose, by doctor (the others come from the names: doctorSlugs in contracts) */
export async function readChosenSlugs(readModels: Pick<ReadModelReader, 'find'>): Promise<Map<string, string>> {
  return new Map((await doctorSlugsReadModel.find(readModels, {})).map((d) => [d.doc.id, d.doc.slug]));
}

/** the origins allowed to frame the booking widget (none until the administrator lists some) */
export async function readWidgetOrigins(readModels: Pick<ReadModelReader, 'get'>): Promise<string[]> {
  return (await widgetSettingsReadModel.get(readModels, WIDGET_DOC))?.doc.origins ?? [];
}
