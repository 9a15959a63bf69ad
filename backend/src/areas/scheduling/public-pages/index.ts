// public-pages' public entry: what other features may use (docs/architettura.md, "Dipendenze tra funzioni")
export { PublicPagesModule } from './public-pages.module';
