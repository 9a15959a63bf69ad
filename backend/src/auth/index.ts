// auth's public entry: its Nest module (DESIGN.md "Dependencies between features")
export { AuthModule } from './auth.module';
