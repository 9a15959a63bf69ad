import { SettingsModule } from '../../practice';
import { Module } from '@nestjs/common';
import { clinicalRecordCommandHandlers } from './clinical-record.commands';
import { UsersModule } from '../../accounts/users';
import { ClinicalRecordController } from './clinical-record.controller';
import { ClinicalRecordService } from './clinical-record.service';

/** the clinical record as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  imports: [UsersModule, SettingsModule],
  controllers: [ClinicalRecordController],
  providers: [ClinicalRecordService, ...clinicalRecordCommandHandlers],
  exports: [ClinicalRecordService],
})
export class ClinicalRecordModule {}
