import { Module } from '@nestjs/common';
import { UsersModule } from '../users';
import { ClinicalRecordController } from './clinical-record.controller';
import { ClinicalRecordService } from './clinical-record.service';

/** the clinical record as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  imports: [UsersModule],
  controllers: [ClinicalRecordController],
  providers: [ClinicalRecordService],
  exports: [ClinicalRecordService],
})
export class ClinicalRecordModule {}
