import { deciderSpec } from '../../platform/event-store/decider-spec';
import { firstAdministratorDecider } from './first-administrator.decider';

const given = deciderSpec(firstAdministratorDecider);
const choose = (userId: string) => ({ type: 'ChooseFirstAdministrator' as const, userId });
const chosen = (userId: string) => ({ type: 'FirstAdministratorChosen' as const, data: { userId } });
const abandon = (userId: string) => ({ type: 'AbandonFirstAdministrator' as const, userId });
const abandoned = (userId: string) => ({ type: 'FirstAdministratorAbandoned' as const, data: { userId } });

describe('first administrator decider', () => {
  it('chooses the first administrator on an empty stream', () =>
    given([])
      .when(choose('a1'))
      .then([chosen('a1')]));
  it('refuses a second one', () =>
    given([chosen('a1')])
      .when(choose('a2'))
      .thenThrows('primo_amministratore_esistente'));
  it('the run that chose, and could not create the account, gives the choice back', () =>
    given([chosen('a1')])
      .when(abandon('a1'))
      .then([abandoned('a1')]));
  it('another run cannot give back a choice that is not its own', () =>
    given([chosen('a1')])
      .when(abandon('a2'))
      .then([]));
  it('once given back, another run chooses', () =>
    given([chosen('a1'), abandoned('a1')])
      .when(choose('a2'))
      .then([chosen('a2')]));
});
