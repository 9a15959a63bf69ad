import { MAX_IMAGE_BYTES } from '@studio/contracts';
import { deciderSpec } from '../../platform/event-store/decider-spec';
import { doctorProfileDecider } from './doctor-profile.decider';
import { detectImageType, inspectImage } from './images';
import { practiceSettingsDecider } from './practice-settings.decider';

const admin = { id: 'a1', admin: true };
const doctor = { id: 'd1', admin: false };
const otherDoctor = { id: 'd2', admin: false };
const details = {
  name: 'Studio Verdi',
  address: 'Via Roma 1, Milano',
  phone: '+39 02 1234567',
  email: 'info@studioverdi.it',
  dataController: 'Studio Verdi S.r.l.',
};
// the first bytes of each format, padded: what a real file starts with
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 2)]);
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBP'), Buffer.alloc(100, 3)]);
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe('images are told by their content', () => {
  it('PNG, JPEG and WebP by their signature; SVG, text and a PNG name on other bytes are not images', () => {
    expect(detectImageType(png)).toBe('image/png');
    expect(detectImageType(jpeg)).toBe('image/jpeg');
    expect(detectImageType(webp)).toBe('image/webp');
    expect(detectImageType(svg)).toBeNull();
    expect(detectImageType(Buffer.from('GIF89a...'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });
  it('the id is the sha-256 of the bytes', () => {
    expect(inspectImage(png).imageId).toMatch(/^[0-9a-f]{64}$/);
    expect(inspectImage(png).imageId).toBe(inspectImage(Buffer.from(png)).imageId);
    expect(inspectImage(png).imageId).not.toBe(inspectImage(jpeg).imageId);
  });
});

describe('practice settings decider', () => {
  const given = deciderSpec(practiceSettingsDecider);

  it('the administrator sets the details', () =>
    given([])
      .when({ type: 'SetPracticeDetails', actor: admin, details })
      .then([{ type: 'PracticeDetailsSet', data: details }]));
  it('the same details again append nothing', () =>
    given([{ type: 'PracticeDetailsSet', data: details }])
      .when({ type: 'SetPracticeDetails', actor: admin, details })
      .then([]));
  it('a change supersedes', () =>
    given([{ type: 'PracticeDetailsSet', data: details }])
      .when({ type: 'SetPracticeDetails', actor: admin, details: { ...details, phone: '' } })
      .then([{ type: 'PracticeDetailsSet', data: { ...details, phone: '' } }]));
  it('a doctor may not change the practice', () => given([]).when({ type: 'SetPracticeDetails', actor: doctor, details }).thenThrows('solo_amministrazione'));
  it('the administrator sets the logo', () => {
    const image = inspectImage(png);
    given([])
      .when({ type: 'SetPracticeLogo', actor: admin, image })
      .then([{ type: 'PracticeLogoSet', data: { imageId: image.imageId, contentType: 'image/png' } }]);
  });
  it('a doctor may not set the logo', () =>
    given([])
      .when({ type: 'SetPracticeLogo', actor: doctor, image: inspectImage(png) })
      .thenThrows('solo_amministrazione'));
  it('an SVG (it can carry scripts) is refused with 415', () =>
    given([])
      .when({ type: 'SetPracticeLogo', actor: admin, image: inspectImage(svg) })
      .thenThrows('immagine_non_supportata'));
  it('an image above the limit is refused with 413', () =>
    given([])
      .when({ type: 'SetPracticeLogo', actor: admin, image: { ...inspectImage(png), bytes: MAX_IMAGE_BYTES + 1 } })
      .thenThrows('immagine_troppo_grande'));
  it('an empty upload is refused', () =>
    given([])
      .when({ type: 'SetPracticeLogo', actor: admin, image: inspectImage(Buffer.alloc(0)) })
      .thenThrows('immagine_mancante'));
});

describe('doctor profile decider', () => {
  const given = deciderSpec(doctorProfileDecider);
  const profile = { title: 'Dott.ssa' as const, specialty: 'Dietologia', registerNumber: 'MI-1234', bio: 'Nutrizione sportiva.' };

  it('a doctor sets their own specialty and presentation; title and register number stay as the administrator set them', () => {
    const own = { specialty: 'Dietologia', bio: 'Nutrizione sportiva.' };
    given([])
      .when({ type: 'SetDoctorProfile', actor: doctor, doctorId: 'd1', isDoctor: true, profile: own })
      .then([{ type: 'DoctorProfileSet', data: { doctorId: 'd1', title: '', registerNumber: '', ...own } }]);
    given([{ type: 'DoctorProfileSet', data: { doctorId: 'd1', ...profile } }])
      .when({ type: 'SetDoctorProfile', actor: doctor, doctorId: 'd1', isDoctor: true, profile: { ...profile, bio: 'Altro.' } })
      .then([{ type: 'DoctorProfileSet', data: { doctorId: 'd1', ...profile, bio: 'Altro.' } }]);
  });
  it('a doctor alone changes neither their title nor their register number', () => {
    given([]).when({ type: 'SetDoctorProfile', actor: doctor, doctorId: 'd1', isDoctor: true, profile }).thenThrows('identita_del_medico');
    given([{ type: 'DoctorProfileSet', data: { doctorId: 'd1', ...profile } }])
      .when({ type: 'SetDoctorProfile', actor: doctor, doctorId: 'd1', isDoctor: true, profile: { ...profile, registerNumber: 'MI-9999' } })
      .thenThrows('identita_del_medico');
  });
  it("the administrator sets any doctor's profile", () =>
    given([])
      .when({ type: 'SetDoctorProfile', actor: admin, doctorId: 'd1', isDoctor: true, profile })
      .then([{ type: 'DoctorProfileSet', data: { doctorId: 'd1', ...profile } }]));
  it("a doctor may not change another doctor's profile", () =>
    given([]).when({ type: 'SetDoctorProfile', actor: otherDoctor, doctorId: 'd1', isDoctor: true, profile }).thenThrows('profilo_altrui'));
  it('nobody sets a profile on an account that is not a doctor', () =>
    given([]).when({ type: 'SetDoctorProfile', actor: admin, doctorId: 'p1', isDoctor: false, profile }).thenThrows('medico_non_trovato'));
  it('the same profile again appends nothing', () =>
    given([{ type: 'DoctorProfileSet', data: { doctorId: 'd1', ...profile } }])
      .when({ type: 'SetDoctorProfile', actor: doctor, doctorId: 'd1', isDoctor: true, profile })
      .then([]));
  it('a doctor sets their own photo; another doctor may not; a non-image is refused', () => {
    const image = inspectImage(jpeg);
    given([])
      .when({ type: 'SetDoctorPhoto', actor: doctor, doctorId: 'd1', isDoctor: true, image })
      .then([{ type: 'DoctorPhotoSet', data: { doctorId: 'd1', imageId: image.imageId, contentType: 'image/jpeg' } }]);
    given([]).when({ type: 'SetDoctorPhoto', actor: otherDoctor, doctorId: 'd1', isDoctor: true, image }).thenThrows('profilo_altrui');
    given([])
      .when({ type: 'SetDoctorPhoto', actor: doctor, doctorId: 'd1', isDoctor: true, image: inspectImage(svg) })
      .thenThrows('immagine_non_supportata');
    given([])
      .when({ type: 'SetDoctorPhoto', actor: doctor, doctorId: 'd1', isDoctor: true, image: { ...image, bytes: MAX_IMAGE_BYTES + 1 } })
      .thenThrows('immagine_troppo_grande');
  });
});
