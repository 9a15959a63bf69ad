// auth's public entry: its Nest module (DESIGN.md "Dependencies between features")
export { AuthModule } from './auth.module';
export { SessionSocketsGateway } from './session-sockets.gateway';
