import { Module } from '@nestjs/common';
import { fiscalCommandHandlers } from './fiscal.commands';
import { SettingsModule } from '../practice';
import { UsersModule } from '../accounts/users';
import { FiscalController } from './fiscal.controller';
import { FiscalRetentionService } from './fiscal-retention.service';
import { FiscalService } from './fiscal.service';
import { ReceiptsFlowService } from './receipts/receipts-flow.service';

/** the fiscal feature as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  imports: [UsersModule, SettingsModule],
  controllers: [FiscalController],
  providers: [FiscalService, FiscalRetentionService, ReceiptsFlowService, ...fiscalCommandHandlers],
  exports: [FiscalService],
})
export class FiscalModule {}
