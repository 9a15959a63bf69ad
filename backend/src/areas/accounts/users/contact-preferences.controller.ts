import { Body, Controller, Get, Put, Req } from '@nestjs/common';
import type { ContactPreferencesView, SessionUser } from '@studio/contracts';
import type { Request } from 'express';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { metadataFor } from '../../../platform/http/request-context';
import { ContactPreferencesService } from './contact-preferences.service';

/** /profilo: the patient's own channels (email, SMS, WhatsApp, push) and mobile */
@Controller('api/me/contact-preferences')
export class ContactPreferencesController {
  constructor(private readonly preferences: ContactPreferencesService) {}

  @Get()
  @Roles('patient')
  get(@CurrentUser() user: SessionUser): Promise<ContactPreferencesView> {
    return this.preferences.view(user.id);
  }

  @Put()
  @Roles('patient')
  set(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<ContactPreferencesView> {
    return this.preferences.set(user, body, metadataFor(req, user));
  }
}
