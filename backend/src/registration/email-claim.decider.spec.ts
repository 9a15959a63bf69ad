import { deciderSpec } from '../event-store/decider-spec';
import { emailClaimDecider } from './email-claim.decider';

const given = deciderSpec(emailClaimDecider);
const claim = (userId: string) => ({ type: 'ClaimEmail' as const, emailHash: 'h', userId });
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
});
