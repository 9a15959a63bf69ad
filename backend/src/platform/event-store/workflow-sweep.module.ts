import { Global, Module } from '@nestjs/common';
import { WorkflowSweepService } from './workflow-sweep.service';

/** the sweep of every workflow's unfinished instances, for the running app only (setup and backup start no sweep) */
@Global()
@Module({ providers: [WorkflowSweepService], exports: [WorkflowSweepService] })
export class WorkflowSweepModule {}
