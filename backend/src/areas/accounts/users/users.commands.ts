import { StreamCommand, handlersOf } from '../../../platform/event-store/decide';
import { emailClaimDecider, type EmailClaimCommand, type EmailClaimEvent } from './email-claim.decider';
import { userDecider, type UserCommand, type UserEvent } from './user.decider';

// the accounts' commands on the CommandBus, each with its handler: an account's stream (user.decider), an address's
// claim (email-claim.decider)

export class ClaimEmail extends StreamCommand<EmailClaimCommand, EmailClaimEvent> {}

export class RegisterUser extends StreamCommand<Extract<UserCommand, { type: 'RegisterUser' }>, UserEvent> {}

export class SetWorkingHours extends StreamCommand<Extract<UserCommand, { type: 'SetWorkingHours' }>, UserEvent> {}

export class ErasePatient extends StreamCommand<Extract<UserCommand, { type: 'ErasePatient' }>, UserEvent> {}

export class InviteStaff extends StreamCommand<Extract<UserCommand, { type: 'InviteStaff' }>, UserEvent> {}

export class AcceptInvitation extends StreamCommand<Extract<UserCommand, { type: 'AcceptInvitation' }>, UserEvent> {}

export class ChangeStaffRoles extends StreamCommand<Extract<UserCommand, { type: 'ChangeStaffRoles' }>, UserEvent> {}

export class DeactivateAccount extends StreamCommand<Extract<UserCommand, { type: 'DeactivateAccount' }>, UserEvent> {}

export class ReactivateAccount extends StreamCommand<Extract<UserCommand, { type: 'ReactivateAccount' }>, UserEvent> {}

export class RequestPasswordReset extends StreamCommand<Extract<UserCommand, { type: 'RequestPasswordReset' }>, UserEvent> {}

export class ResetPassword extends StreamCommand<Extract<UserCommand, { type: 'ResetPassword' }>, UserEvent> {}

export class ChangePassword extends StreamCommand<Extract<UserCommand, { type: 'ChangePassword' }>, UserEvent> {}

export class ChangeContactDetails extends StreamCommand<Extract<UserCommand, { type: 'ChangeContactDetails' }>, UserEvent> {}

export class RequestEmailConfirmation extends StreamCommand<Extract<UserCommand, { type: 'RequestEmailConfirmation' }>, UserEvent> {}

export class ConfirmEmail extends StreamCommand<Extract<UserCommand, { type: 'ConfirmEmail' }>, UserEvent> {}

export const usersCommandHandlers = [
  ...handlersOf(emailClaimDecider, [ClaimEmail]),
  ...handlersOf(userDecider, [
    RegisterUser,
    SetWorkingHours,
    ErasePatient,
    InviteStaff,
    AcceptInvitation,
    ChangeStaffRoles,
    DeactivateAccount,
    ReactivateAccount,
    RequestPasswordReset,
    ResetPassword,
    ChangePassword,
    ChangeContactDetails,
    RequestEmailConfirmation,
    ConfirmEmail,
  ]),
];
