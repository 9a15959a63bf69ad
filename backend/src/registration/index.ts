// registration's public entry
export { RegistrationService } from './registration.service';
