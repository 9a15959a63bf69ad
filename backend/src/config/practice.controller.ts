import { Controller, Get, Inject } from '@nestjs/common';
import type { PracticeInfo } from '@studio/contracts';
import { CONFIG, EVENT_STORE } from '../kernel/tokens';
import type { EventStore } from '@studio/contracts';
import type { AppConfig } from './config';
import { readPracticeIdentity } from './practice-settings';

/** the practice's identity as set in /impostazioni (initially PRACTICE_NAME, PRACTICE_LOGO_URL…): public, shown before login */
@Controller('api/practice')
export class PracticeController {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  @Get()
  get(): Promise<PracticeInfo> {
    return readPracticeIdentity({ eventStore: this.eventStore, config: this.config });
  }
}
