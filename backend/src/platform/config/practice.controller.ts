import { Controller, Get } from '@nestjs/common';
import type { PracticeInfo } from '@studio/contracts';
import type { Ports } from '../kernel/ports';
import { readPracticeIdentity } from './practice-settings';
import { KernelPorts } from '../kernel/kernel-ports';

/** the practice's identity as set in /impostazioni (initially PRACTICE_NAME, PRACTICE_LOGO_URL…): public, shown before login */
@Controller('api/practice')
export class PracticeController {
  private readonly readModels: Ports['readModels'];

  constructor(private readonly kernel: KernelPorts) {
    this.readModels = kernel.readModels;
  }

  @Get()
  get(): Promise<PracticeInfo> {
    return readPracticeIdentity({ readModels: this.readModels, config: this.kernel.config });
  }
}
