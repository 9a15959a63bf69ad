// login's public entry: its Nest module (docs/architettura.md, "Dipendenze tra funzioni")
export { LoginModule } from './login.module';
export { DoctorAddresses } from './login.ports';
