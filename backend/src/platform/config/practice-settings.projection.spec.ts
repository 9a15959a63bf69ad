import { doctorProfilesProjection, practiceSettingsProjection } from './practice-settings.projection';
import { foldDocuments as fold, recorded as event } from '../../testing/evolve-fixtures';

const image = (n: string) => ({ imageId: n.repeat(64), contentType: 'image/png' });
const details = { name: 'Studio Bianchi', address: 'Via Roma 1', phone: '', email: '', dataController: 'Anna Bianchi' };

describe('practice_settings and doctor_profiles projections', () => {
  it("the practice's details and logo, each replaced by the newest, in one document", () => {
    const docs = fold(practiceSettingsProjection, [
      event('settings-practice', 'PracticeLogoSet', image('a')),
      event('settings-practice', 'PracticeDetailsSet', details),
      event('settings-practice', 'PracticeLogoSet', image('b')),
    ]);
    expect(docs.get('practice')).toEqual({ id: 'practice', details, logo: image('b') });
  });
  it("a doctor's profile and photo, one document per doctor", () => {
    const profile = { doctorId: 'd1', title: 'Dott.ssa', specialty: 'Nutrizionista', registerNumber: '123', bio: '' };
    const docs = fold(doctorProfilesProjection, [
      event('doctorprofile-d1', 'DoctorPhotoSet', { ...image('c'), doctorId: 'd1' }),
      event('doctorprofile-d1', 'DoctorProfileSet', profile),
      event('doctorprofile-d2', 'DoctorPhotoSet', { ...image('d'), doctorId: 'd2' }),
    ]);
    expect(docs.get('d1')).toEqual({ id: 'd1', profile, photo: image('c') });
    expect(docs.get('d2')).toEqual({ id: 'd2', profile: null, photo: image('d') });
  });
});
