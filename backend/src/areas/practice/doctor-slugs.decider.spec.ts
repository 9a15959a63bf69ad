import { deciderSpec } from '../../platform/event-store/decider-spec';
import { doctorSlugsDecider } from './doctor-slugs.decider';

const admin = { id: 'a1', admin: true };
const doctor = { id: 'd1', admin: false };
const set = (doctorId: string, slug: string) => ({ type: 'DoctorSlugSet' as const, data: { doctorId, slug } });
const choose = (over: Partial<{ actor: typeof admin; doctorId: string; isDoctor: boolean; slug: string; othersFromNames: string[] }> = {}) => ({
  type: 'SetDoctorSlug' as const,
  actor: admin,
  doctorId: 'd1',
  isDoctor: true,
  slug: 'dott-rossi',
  othersFromNames: [],
  ...over,
});

describe('doctor slugs decider', () => {
  const given = deciderSpec(doctorSlugsDecider);

  it('the administrator chooses a doctor’s address', () =>
    given([])
      .when(choose())
      .then([set('d1', 'dott-rossi')]));
  it('a new choice supersedes the old one', () =>
    given([set('d1', 'rossi')])
      .when(choose())
      .then([set('d1', 'dott-rossi')]));
  it('the same address again appends nothing', () =>
    given([set('d1', 'dott-rossi')])
      .when(choose())
      .then([]));
  it('an address another doctor chose is refused with 409 in Italian', () =>
    given([set('d2', 'dott-rossi')])
      .when(choose())
      .thenThrows('indirizzo_in_uso'));
  it('an address another doctor has from the name is refused too', () =>
    given([])
      .when(choose({ othersFromNames: ['dott-rossi'] }))
      .thenThrows('indirizzo_in_uso'));
  it('an address another doctor left is free again', () =>
    given([set('d2', 'dott-rossi'), set('d2', 'rossi-anna')])
      .when(choose())
      .then([set('d1', 'dott-rossi')]));
  it('a doctor may not choose, not even their own', () =>
    given([])
      .when(choose({ actor: doctor }))
      .thenThrows('solo_amministrazione'));
  it('an account that is no doctor has no page', () =>
    given([])
      .when(choose({ isDoctor: false }))
      .thenThrows('medico_non_trovato'));
});
