import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings';
import { UsersModule } from '../users';
import { FiscalController } from './fiscal.controller';
import { FiscalRetentionService } from './fiscal-retention.service';
import { FiscalService } from './fiscal.service';

/** the fiscal feature as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  imports: [UsersModule, SettingsModule],
  controllers: [FiscalController],
  providers: [FiscalService, FiscalRetentionService],
  exports: [FiscalService],
})
export class FiscalModule {}
