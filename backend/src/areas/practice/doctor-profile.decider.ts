import { DOCTOR_IDENTITY_BY_ADMIN_MESSAGE, type DoctorProfileFields } from '@studio/contracts';
import { ForbiddenError, NotFoundError } from '../../platform/common/errors';
import { type DoctorProfileEvent, type DoctorProfileState, evolveDoctorProfile, initialDoctorProfile } from '../../platform/config/practice-settings';
import type { InspectedImage } from './images';
import { type Actor, refuseImage } from './practice-settings.decider';

/** a profile as given: the administrator's whole; a doctor's own without title or register number, or with the stored ones */
export type GivenDoctorProfile = Omit<DoctorProfileFields, 'title' | 'registerNumber'> & Partial<Pick<DoctorProfileFields, 'title' | 'registerNumber'>>;

export type DoctorProfileCommand =
  | { type: 'SetDoctorProfile'; actor: Actor; doctorId: string; isDoctor: boolean; profile: GivenDoctorProfile }
  | { type: 'SetDoctorPhoto'; actor: Actor; doctorId: string; isDoctor: boolean; image: InspectedImage };

export const OWN_PROFILE_ONLY_MESSAGE = 'Puoi modificare solo il tuo profilo: quello degli altri medici lo cambia l’amministrazione.';

export function decide(command: DoctorProfileCommand, state: DoctorProfileState): DoctorProfileEvent[] {
  const { actor, doctorId } = command;
  if (!actor.admin && actor.id !== doctorId) throw new ForbiddenError(OWN_PROFILE_ONLY_MESSAGE, 'profilo_altrui');
  if (!command.isDoctor) throw new NotFoundError('Medico non trovato.', 'medico_non_trovato');
  switch (command.type) {
    case 'SetDoctorProfile': {
      const p = state.profile;
      const { specialty, bio } = command.profile;
      const title = command.profile.title ?? p?.title ?? '';
      const registerNumber = command.profile.registerNumber ?? p?.registerNumber ?? '';
      // the public identity (with the name, on the account) is the administrator's: the doctor alone changes neither
      if (!actor.admin && (title !== (p?.title ?? '') || registerNumber !== (p?.registerNumber ?? '')))
        throw new ForbiddenError(DOCTOR_IDENTITY_BY_ADMIN_MESSAGE, 'identita_del_medico');
      if (p && p.title === title && p.specialty === specialty && p.registerNumber === registerNumber && p.bio === bio) return [];
      return [{ type: 'DoctorProfileSet', data: { doctorId, title, specialty, registerNumber, bio } }];
    }
    case 'SetDoctorPhoto': {
      const image = command.image;
      refuseImage(image);
      if (state.photo?.imageId === image.imageId) return [];
      return [{ type: 'DoctorPhotoSet', data: { doctorId, imageId: image.imageId, contentType: image.contentType } }];
    }
  }
}

export const doctorProfileDecider = { initialState: initialDoctorProfile, evolve: evolveDoctorProfile, decide };
