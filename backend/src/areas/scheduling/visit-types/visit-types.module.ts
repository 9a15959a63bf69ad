import { Module } from '@nestjs/common';
import { visitTypesCommandHandlers } from './visit-types.commands';
import { CatalogModule } from '../../payments/catalog';
import { UsersModule } from '../../accounts/users';
import { VisitTypesController } from './visit-types.controller';
import { VisitTypesService } from './visit-types.service';

/** the visit-types feature as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  imports: [UsersModule, CatalogModule],
  controllers: [VisitTypesController],
  providers: [VisitTypesService, ...visitTypesCommandHandlers],
  exports: [VisitTypesService],
})
export class VisitTypesModule {}
