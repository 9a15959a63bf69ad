import type { DoctorProfileFields } from '@studio/contracts';
import { ForbiddenError, NotFoundError } from '../common/errors';
import { type DoctorProfileEvent, type DoctorProfileState, evolveDoctorProfile, initialDoctorProfile } from '../config/practice-settings';
import type { InspectedImage } from './images';
import { type Actor, refuseImage } from './practice-settings.decider';

export type DoctorProfileCommand =
  | { type: 'SetDoctorProfile'; actor: Actor; doctorId: string; isDoctor: boolean; profile: DoctorProfileFields }
  | { type: 'SetDoctorPhoto'; actor: Actor; doctorId: string; isDoctor: boolean; image: InspectedImage };

export const OWN_PROFILE_ONLY_MESSAGE = 'Puoi modificare solo il tuo profilo: quello degli altri medici lo cambia l’amministrazione.';

export function decide(command: DoctorProfileCommand, state: DoctorProfileState): DoctorProfileEvent[] {
  const { actor, doctorId } = command;
  if (!actor.admin && actor.id !== doctorId) throw new ForbiddenError(OWN_PROFILE_ONLY_MESSAGE, 'profilo_altrui');
  if (!command.isDoctor) throw new NotFoundError('Medico non trovato.', 'medico_non_trovato');
  switch (command.type) {
    case 'SetDoctorProfile': {
      const { title, specialty, registerNumber, bio } = command.profile;
      const p = state.profile;
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
