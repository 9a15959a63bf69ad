import { Module } from '@nestjs/common';
import { AccountSessions } from './account-sessions';
import { SessionSocketsGateway } from './session-sockets.gateway';

/** the kernel's sessions: the sockets of each session and the ending of an account's sessions (login is a feature) */
@Module({
  providers: [SessionSocketsGateway, AccountSessions],
  exports: [SessionSocketsGateway, AccountSessions],
})
export class AuthModule {}
