import { Module } from '@nestjs/common';
import { questionnairesCommandHandlers } from './questionnaires.commands';
import { UsersModule } from '../../accounts/users';
import { VisitTypesModule } from '../../scheduling/visit-types';
import { QuestionnairesController } from './questionnaires.controller';
import { QuestionnairesService } from './questionnaires.service';

/** the questionnaires feature as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  imports: [UsersModule, VisitTypesModule],
  controllers: [QuestionnairesController],
  providers: [QuestionnairesService, ...questionnairesCommandHandlers],
  exports: [QuestionnairesService],
})
export class QuestionnairesModule {}
