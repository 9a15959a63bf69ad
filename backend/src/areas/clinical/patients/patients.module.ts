import { Module } from '@nestjs/common';
import { UsersModule } from '../../accounts/users';
import { ClinicalRecordModule } from '../clinical-record';
import { PatientsController } from './patients.controller';
import { PatientsService } from './patients.service';

/** the practice's patients: created at the desk, listed for the doctors and the segreteria */
@Module({
  imports: [UsersModule, ClinicalRecordModule],
  controllers: [PatientsController],
  providers: [PatientsService],
})
export class PatientsModule {}
