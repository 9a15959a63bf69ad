// agenda's public entry: its Nest module (DESIGN.md "Dependencies between features")
export { AgendaModule } from './agenda.module';
