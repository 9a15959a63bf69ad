import { Module } from '@nestjs/common';
import { UsersModule } from '../accounts/users';
import { AuthModule } from '../../platform/auth';
import { AccessLogEntriesService } from './access-log-entries.service';
import { AuditController, MyAccessLogController } from './audit.controller';
import { AuditService } from './audit.service';
import { RebuildGateway, RebuildService } from './rebuild.gateway';

/** the audit feature as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  imports: [UsersModule, AuthModule],
  controllers: [AuditController, MyAccessLogController],
  providers: [AuditService, AccessLogEntriesService, RebuildGateway, RebuildService],
  exports: [AuditService],
})
export class AuditModule {}
