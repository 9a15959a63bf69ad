import { Controller, Get, Inject } from '@nestjs/common';
import type { PracticeInfo } from '@studio/contracts';
import { CONFIG, EVENT_STORE, type Core } from '../infrastructure/core';
import { readPracticeIdentity } from './practice-settings';

/** the practice's identity as set in /impostazioni (initially PRACTICE_NAME, PRACTICE_LOGO_URL…): public, shown before login */
@Controller('api/practice')
export class PracticeController {
  constructor(
    @Inject(CONFIG) private readonly config: Core['config'],
    @Inject(EVENT_STORE) private readonly eventStore: Core['eventStore'],
  ) {}

  @Get()
  get(): Promise<PracticeInfo> {
    return readPracticeIdentity({ eventStore: this.eventStore, config: this.config });
  }
}
