import { IMAGE_TYPES_LABEL, MAX_IMAGE_BYTES, type PracticeDetails } from '@studio/contracts';
import { AppError, ForbiddenError, ValidationError } from '../../platform/common/errors';
import {
  type PracticeSettingsEvent,
  type PracticeSettingsState,
  evolvePracticeSettings,
  initialPracticeSettings,
} from '../../platform/config/practice-settings';
import type { InspectedImage } from './images';

/** who asks: the decider, not the controller, says who may change what */
export interface Actor {
  id: string;
  admin: boolean;
}

export type PracticeSettingsCommand =
  { type: 'SetPracticeDetails'; actor: Actor; details: PracticeDetails } | { type: 'SetPracticeLogo'; actor: Actor; image: InspectedImage };

export const ONLY_ADMIN_MESSAGE = 'Solo l’amministrazione dello studio può modificare i dati dello studio.';

/** an upload that is not an image we show, or too large: refused before anything is stored or appended */
export function refuseImage(image: InspectedImage): asserts image is InspectedImage & { contentType: NonNullable<InspectedImage['contentType']> } {
  if (image.bytes === 0) throw new ValidationError('Nessuna immagine ricevuta: scegli un file.', 'immagine_mancante');
  if (image.bytes > MAX_IMAGE_BYTES) {
    throw new AppError(413, 'immagine_troppo_grande', `L’immagine supera ${MAX_IMAGE_BYTES / 1024} KB: riducila e riprova.`);
  }
  if (!image.contentType) throw new AppError(415, 'immagine_non_supportata', `Il file non è un’immagine ${IMAGE_TYPES_LABEL}.`);
}

export function decide(command: PracticeSettingsCommand, state: PracticeSettingsState): PracticeSettingsEvent[] {
  if (!command.actor.admin) throw new ForbiddenError(ONLY_ADMIN_MESSAGE, 'solo_amministrazione');
  switch (command.type) {
    case 'SetPracticeDetails': {
      const d = command.details;
      const same = state.details && (Object.keys(d) as (keyof PracticeDetails)[]).every((k) => state.details![k] === d[k]);
      if (same) return [];
      return [{ type: 'PracticeDetailsSet', data: { name: d.name, address: d.address, phone: d.phone, email: d.email, dataController: d.dataController } }];
    }
    case 'SetPracticeLogo': {
      const image = command.image;
      refuseImage(image);
      if (state.logo?.imageId === image.imageId) return [];
      return [{ type: 'PracticeLogoSet', data: { imageId: image.imageId, contentType: image.contentType } }];
    }
  }
}

export const practiceSettingsDecider = { initialState: initialPracticeSettings, evolve: evolvePracticeSettings, decide };
