import {
  type DoctorProfileView,
  type EventData,
  type EventStore,
  type PracticeInfo,
  PRACTICE_SETTINGS_STREAM,
  type StoredImage,
  doctorProfileStreamName,
  imageUrl,
} from '@studio/contracts';
import { readState } from '../event-store/command-handler';
import type { AppConfig } from './config';

/**
 * The one reader of the practice's identity: the events of `settings-practice` and `doctorprofile-<id>` folded
 * over the initial values of the environment (PRACTICE_NAME…). Every place that shows who the practice is (GET
 * /api/practice for the login page, the header and the titles; emails; receipts; calendar files; the privacy
 * notice) asks here at the moment it shows it, so a change is seen at once, with no restart. Reads only the events
 * after the last one seen (readState's cache).
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

const practiceFold = { initialState: initialPracticeSettings, evolve: evolvePracticeSettings };
const doctorFold = { initialState: initialDoctorProfile, evolve: evolveDoctorProfile };

type Sources = { eventStore: EventStore; config: Pick<AppConfig, 'practice' | 'practiceTimeZone'> };

export async function readPracticeSettings(eventStore: EventStore): Promise<PracticeSettingsState> {
  return (await readState(eventStore, PRACTICE_SETTINGS_STREAM, practiceFold)).state;
}

/** who the practice is, now */
export async function readPracticeIdentity({ eventStore, config }: Sources): Promise<PracticeInfo> {
  const { details, logo } = await readPracticeSettings(eventStore);
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
    // a visit is one 30-minute slot (SPEC: calendar slot duration)
    visitMinutes: 30,
    timeZone: config.practiceTimeZone,
  };
}

export async function readDoctorProfileState(eventStore: EventStore, doctorId: string): Promise<DoctorProfileState> {
  return (await readState(eventStore, doctorProfileStreamName(doctorId), doctorFold)).state;
}

/** a doctor's public profile, with the practice's specialty until the doctor sets one */
export async function readDoctorProfile({ eventStore, config }: Sources, doctorId: string): Promise<DoctorProfileView> {
  const { profile, photo } = await readDoctorProfileState(eventStore, doctorId);
  return {
    doctorId,
    title: profile?.title ?? '',
    specialty: profile?.specialty ?? config.practice.specialty,
    registerNumber: profile?.registerNumber ?? '',
    bio: profile?.bio ?? '',
    photoUrl: photo ? imageUrl(photo.imageId) : null,
  };
}
