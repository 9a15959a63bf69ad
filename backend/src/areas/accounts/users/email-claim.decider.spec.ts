import { deciderSpec } from '../../../platform/event-store/decider-spec';
import { emailClaimDecider } from './email-claim.decider';

const given = deciderSpec(emailClaimDecider);
const claim = (userId: string, erasedHolder: string | null = null) => ({ type: 'ClaimEmail' as const, emailHash: 'h', userId, erasedHolder });
const claimed = (userId: string) => ({ type: 'EmailClaimed' as const, data: { emailHash: 'h', userId } });

describe('email claim decider', () => {
  it('claims a free email for the new account', () =>
    given([])
      .when(claim('u1'))
      .then([claimed('u1')]));
  it('refuses a second account with the same email', () =>
    given([claimed('u1')])
      .when(claim('u2'))
      .thenThrows('email_esistente'));
  it('gives the address of an erased holder to a new person', () =>
    given([claimed('u1')])
      .when(claim('u2', 'u1'))
      .then([claimed('u2')]));
  it('refuses when the holder is not the erased one the caller saw (a claim came in meanwhile)', () =>
    given([claimed('u1'), claimed('u2')])
      .when(claim('u3', 'u1'))
      .thenThrows('email_esistente'));
  it('an erased holder seen on a free address changes nothing', () =>
    given([])
      .when(claim('u2', 'u1'))
      .then([claimed('u2')]));
});
