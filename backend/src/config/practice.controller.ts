import { Controller, Get, Inject } from '@nestjs/common';
import type { PracticeInfo } from '@studio/contracts';
import { CONFIG, type Core } from '../infrastructure/core';

/** the practice's identity (PRACTICE_NAME, PRACTICE_LOGO_URL, PRACTICE_SPECIALTY): public, shown before login */
@Controller('api/practice')
export class PracticeController {
  constructor(@Inject(CONFIG) private readonly config: Core['config']) {}

  @Get()
  get(): PracticeInfo {
    const { name, logoUrl, specialty } = this.config.practice;
    // a visit is one 30-minute slot (SPEC: calendar slot duration)
    return { name, logoUrl, specialty, visitMinutes: 30, timeZone: this.config.practiceTimeZone };
  }
}
