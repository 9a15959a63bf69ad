// auth's public entry: its Nest module (docs/architettura.md, "Dipendenze tra funzioni")
export { AuthModule } from './auth.module';
export { SessionSocketsGateway } from './session-sockets.gateway';
