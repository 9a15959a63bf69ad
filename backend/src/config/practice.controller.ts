import { Controller, Get, Inject } from '@nestjs/common';
import type { PracticeInfo } from '@studio/contracts';
import { CONFIG, READ_MODELS } from '../kernel/tokens';
import type { Ports } from '../kernel/ports';
import type { AppConfig } from './config';
import { readPracticeIdentity } from './practice-settings';

/** the practice's identity as set in /impostazioni (initially PRACTICE_NAME, PRACTICE_LOGO_URL…): public, shown before login */
@Controller('api/practice')
export class PracticeController {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(READ_MODELS) private readonly readModels: Ports['readModels'],
  ) {}

  @Get()
  get(): Promise<PracticeInfo> {
    return readPracticeIdentity({ readModels: this.readModels, config: this.config });
  }
}
