import { STREAM_PREFIX } from '@studio/contracts';
import type { EventData, ProjectionDefinition, StoredImage } from '@studio/contracts';

/**
 * The practice's identity and the doctors' public profiles as the /impostazioni page set them: what every place
 * that shows who the practice is reads (GET /api/practice, emails, receipts, calendar files), instead of folding
 * their streams on each call. config/practice-settings.ts lays them over the environment's initial values.
 */
export interface PracticeSettingsDoc {
  /** always PRACTICE_DOC: the practice has one document */
  id: string;
  /** null: never set, the environment's initial values apply */
  details: EventData<'PracticeDetailsSet'> | null;
  logo: StoredImage | null;
}

export const PRACTICE_DOC = 'practice';

export const practiceSettingsProjection: ProjectionDefinition<PracticeSettingsDoc, 'PracticeDetailsSet' | 'PracticeLogoSet'> = {
  name: 'practice_settings',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.settings],
  eventTypes: ['PracticeDetailsSet', 'PracticeLogoSet'],
  documentId: () => PRACTICE_DOC,
  evolve(doc, event) {
    const current = doc ?? { id: PRACTICE_DOC, details: null, logo: null };
    switch (event.type) {
      case 'PracticeDetailsSet':
        return { ...current, details: event.data };
      case 'PracticeLogoSet':
        return { ...current, logo: { imageId: event.data.imageId, contentType: event.data.contentType } };
      default:
        return doc;
    }
  },
  indexes: {},
};

/** one document per doctor who set a profile or a photo */
export interface DoctorProfileDoc {
  id: string;
  /** null: never set; the practice's specialty and no title apply */
  profile: EventData<'DoctorProfileSet'> | null;
  photo: StoredImage | null;
}

export const doctorProfilesProjection: ProjectionDefinition<DoctorProfileDoc, 'DoctorProfileSet' | 'DoctorPhotoSet'> = {
  name: 'doctor_profiles',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.doctorProfile],
  eventTypes: ['DoctorProfileSet', 'DoctorPhotoSet'],
  documentId: (event) => event.data.doctorId,
  evolve(doc, event) {
    const current = doc ?? { id: event.data.doctorId, profile: null, photo: null };
    switch (event.type) {
      case 'DoctorProfileSet':
        return { ...current, profile: event.data };
      case 'DoctorPhotoSet':
        return { ...current, photo: { imageId: event.data.imageId, contentType: event.data.contentType } };
      default:
        return doc;
    }
  },
  indexes: {},
};

/** one document per doctor whose page address the administrator chose (the others' come from their names) */
export interface DoctorSlugDoc {
  /** the doctor's id */
  id: string;
  slug: string;
}

export const doctorSlugsProjection: ProjectionDefinition<DoctorSlugDoc, 'DoctorSlugSet'> = {
  name: 'doctor_slugs',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.settings],
  eventTypes: ['DoctorSlugSet'],
  documentId: (event) => event.data.doctorId,
  evolve: (_doc, event) => ({ id: event.data.doctorId, slug: event.data.slug }),
  indexes: {},
};

/** the one document of the widget's settings: the origins allowed to frame the booking */
export interface WidgetSettingsDoc {
  id: string;
  origins: string[];
}

export const WIDGET_DOC = 'widget';

export const widgetSettingsProjection: ProjectionDefinition<WidgetSettingsDoc, 'WidgetOriginsSet'> = {
  name: 'widget_settings',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.settings],
  eventTypes: ['WidgetOriginsSet'],
  documentId: () => WIDGET_DOC,
  evolve: (_doc, event) => ({ id: WIDGET_DOC, origins: event.data.origins }),
  indexes: {},
};
