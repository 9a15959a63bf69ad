import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog';
import { UsersModule } from '../users';
import { VisitTypesController } from './visit-types.controller';
import { VisitTypesService } from './visit-types.service';

/** the visit-types feature as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  imports: [UsersModule, CatalogModule],
  controllers: [VisitTypesController],
  providers: [VisitTypesService],
  exports: [VisitTypesService],
})
export class VisitTypesModule {}
