import { type DynamicModule, Global, Module } from '@nestjs/common';
import { CLOCK, type Clock } from '../common/clock';
import { DecideHandler } from '../event-store/decide.command';
import { AccessLogService } from '../personal-data/access-log.service';
import { corePartTokens, type Core } from './core';

/**
 * The shared kernel every feature module sees without importing it: each part of the opened stores under its own
 * token (no service locator), the clock, the one
 * command handler (Decide on the CommandBus) and the personal-data access log.
 */
@Global()
@Module({})
export class KernelModule {
  static forRoot(core: Core, clock: Clock): DynamicModule {
    const parts = Object.entries(corePartTokens).map(([part, token]) => ({ provide: token, useValue: core[part as keyof typeof corePartTokens] }));
    return {
      module: KernelModule,
      providers: [...parts, { provide: CLOCK, useValue: clock }, DecideHandler, AccessLogService],
      exports: [...parts.map((p) => p.provide), CLOCK, AccessLogService],
    };
  }
}
