// patients' public entry: the Nest module (create at the desk, the list)
export { PatientsModule } from './patients.module';
