import { Module } from '@nestjs/common';
import { UsersModule } from '../../accounts/users';
import { BookingModule } from '../booking';
import { VisitTypesModule } from '../visit-types';
import { PublicPagesController } from './public-pages.controller';
import { PublicPagesService } from './public-pages.service';

/** the public pages: read-only, over the doctors, their profiles, visit types and free days */
@Module({
  imports: [UsersModule, BookingModule, VisitTypesModule],
  controllers: [PublicPagesController],
  providers: [PublicPagesService],
})
export class PublicPagesModule {}
