import { Module } from '@nestjs/common';
import { UsersModule } from '../users';
import { AuthController } from './auth.controller';
import { SessionSocketsGateway } from './session-sockets.gateway';

/** the auth feature as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  imports: [UsersModule],
  controllers: [AuthController],
  providers: [SessionSocketsGateway],
  exports: [SessionSocketsGateway],
})
export class AuthModule {}
