// agenda's public entry: its Nest module (docs/architettura.md, "Dipendenze tra funzioni")
export { AgendaModule } from './agenda.module';
