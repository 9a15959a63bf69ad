// users' public entry: what other features may use (docs/architettura.md, "Dipendenze tra funzioni")
export { UsersService, type PersonalName, isActive, manyRoles, rolesOf } from './users.service';
export { accountLinkToken, readAccountLinkToken, accountLinkUrl, type AccountLinkPurpose } from './account-links';
export { userDecider, primaryRole, type UserEvent, type UserCommand } from './user.decider';
export { DoctorsController } from './doctors.controller';
export { UsersModule } from './users.module';
// the read models it owns, typed (no other feature names them by a string nor imports its projection)
export { usersReadModel, contactPreferencesReadModel } from './read-models';
export { type ContactPreferencesDoc } from './contact-preferences.projection';
export { ContactPreferencesService } from './contact-preferences.service';
export { toE164 } from './phone-number';
export { type UserDoc } from './users.projection';
export {
  AcceptInvitation,
  ChangeContactDetails,
  ChangePassword,
  ChangeStaffRoles,
  ConfirmEmail,
  DeactivateAccount,
  ErasePatient,
  InviteStaff,
  ReactivateAccount,
  RequestEmailConfirmation,
  RequestPasswordReset,
  ResetPassword,
} from './users.commands';
