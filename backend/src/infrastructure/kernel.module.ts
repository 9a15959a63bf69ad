import { type DynamicModule, Global, Module } from '@nestjs/common';
import { CLOCK, type Clock } from '../common/clock';
import { DecideHandler } from '../event-store/decide.command';
import { WorkflowRunner } from '../event-store/workflow-runner';
import { AccessLogService } from '../personal-data/access-log.service';
import { KernelPorts } from '../kernel/kernel-ports';
import { portTokens } from '../kernel/ports';
import type { Core } from './core';

/**
 * The shared kernel every feature module sees without importing it: each part of the opened stores under its own
 * token (no service locator), the clock, the one
 * command handler (Decide on the CommandBus), the workflow runner, the personal-data access log, and KernelPorts (the
 * ports gathered in one injectable).
 */
@Global()
@Module({})
export class KernelModule {
  static forRoot(core: Core, clock: Clock): DynamicModule {
    const parts = Object.entries(portTokens).map(([part, token]) => ({ provide: token, useValue: core[part as keyof typeof portTokens] }));
    return {
      module: KernelModule,
      providers: [...parts, { provide: CLOCK, useValue: clock }, DecideHandler, AccessLogService, WorkflowRunner, KernelPorts],
      exports: [...parts.map((p) => p.provide), CLOCK, AccessLogService, WorkflowRunner, KernelPorts],
    };
  }
}
