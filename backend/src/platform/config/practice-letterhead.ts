import { letterheadDoctor, practiceDetails, type Letterhead } from '../common/letterhead-pdf';
import type { AppConfig } from './config';
import { practiceLogo } from './practice-logo';
import { readDoctorProfile, readPracticeIdentity } from './practice-settings';

/**
 * The letterhead of a document the practice hands out (diet, visit report): the practice as /impostazioni names it,
 * with its logo when the uploaded images are given, and the doctor who signs it with their title and register number
 * from their profile; no doctor when none is known.
 */
export async function practiceLetterhead(
  sources: Parameters<typeof readPracticeIdentity>[0] & { config: Pick<AppConfig, 'frontendDist'> },
  doctor: { id: string; name: string } | null,
  images?: Parameters<typeof practiceLogo>[2],
): Promise<Letterhead> {
  const practice = await readPracticeIdentity(sources);
  const profile = doctor ? await readDoctorProfile(sources, doctor.id) : null;
  return {
    practice: { name: practice.name, details: practiceDetails(practice) },
    doctor: doctor ? letterheadDoctor(doctor.name, profile) : null,
    logo: images ? await practiceLogo(sources.readModels, sources.config, images) : null,
  };
}
