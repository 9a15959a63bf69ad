// registration's public entry
export { RegistrationService } from './registration.service';
export { RegistrationModule } from './registration.module';
