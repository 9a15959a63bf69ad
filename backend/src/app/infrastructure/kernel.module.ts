import { type DynamicModule, Global, Module } from '@nestjs/common';
import { CLOCK, type Clock } from '../../platform/common/clock';
import { WorkflowRunner } from '../../platform/event-store/workflow-runner';
import { AccessLogService } from '../../platform/personal-data/access-log.service';
import { accessLogCommandHandlers } from '../../platform/personal-data/access-log.commands';
import { KernelPorts } from '../../platform/kernel/kernel-ports';
import { portTokens } from '../../platform/kernel/ports';
import { JOB_LEASES } from '../../platform/kernel/tokens';
import type { Core } from './core';

/**
 * The shared kernel every feature module sees without importing it: each part of the opened stores under its own
 * token (no service locator), the clock, the workflow runner, the personal-data access log (with its command's
 * handler), and KernelPorts (the ports gathered in one injectable). Each feature module registers its own command
 * handlers.
 */
@Global()
@Module({})
export class KernelModule {
  static forRoot(core: Core, clock: Clock): DynamicModule {
    const parts = [
      ...Object.entries(portTokens).map(([part, token]) => ({ provide: token, useValue: core[part as keyof typeof portTokens] })),
      { provide: JOB_LEASES, useValue: core.jobs },
    ];
    return {
      module: KernelModule,
      providers: [...parts, { provide: CLOCK, useValue: clock }, AccessLogService, ...accessLogCommandHandlers, WorkflowRunner, KernelPorts],
      exports: [...parts.map((p) => p.provide), CLOCK, AccessLogService, WorkflowRunner, KernelPorts],
    };
  }
}
