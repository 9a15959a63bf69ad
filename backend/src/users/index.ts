// users' public entry: what other features may use (DESIGN.md "Dependencies between features")
export { UsersService, type PersonalName } from './users.service';
export { userDecider, type UserEvent } from './user.decider';
export { DoctorsController } from './doctors.controller';
export { UsersModule } from './users.module';
