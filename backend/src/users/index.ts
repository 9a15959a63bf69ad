// users' public entry: what other features may use (DESIGN.md "Dependencies between features")
export { UsersService, type PersonalName, isActive, manyRoles, rolesOf } from './users.service';
export { accountLinkToken, readAccountLinkToken, accountLinkUrl, type AccountLinkPurpose } from './account-links';
export { userDecider, primaryRole, type UserEvent, type UserCommand } from './user.decider';
export { DoctorsController } from './doctors.controller';
export { UsersModule } from './users.module';
