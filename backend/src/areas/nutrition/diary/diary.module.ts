import { Module } from '@nestjs/common';
import { UsersModule } from '../../accounts/users';
import { ClinicalRecordModule } from '../../clinical/clinical-record';
import { CatalogueModule } from '../catalogue';
import { DiaryAccess } from './diary-access';
import { DiaryPhotosService } from './diary-photos.service';
import { diaryCommandHandlers } from './diary.commands';
import { DiaryController } from './diary.controller';
import { DiaryService } from './diary.service';
import { SelfMeasurementsService } from './self-measurements.service';

/** the food diary as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  imports: [UsersModule, CatalogueModule, ClinicalRecordModule],
  controllers: [DiaryController],
  providers: [DiaryAccess, DiaryService, DiaryPhotosService, SelfMeasurementsService, ...diaryCommandHandlers],
  exports: [DiaryService],
})
export class DiaryModule {}
