import { Body, Controller, Delete, Get, HttpCode, Post, Put, Req } from '@nestjs/common';
import { PushSubscriptionRequest, PushTopicsRequest, PushUnsubscribeRequest, type PushSettingsView, type SessionUser } from '@studio/contracts';
import type { Request } from 'express';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { parseInput } from '../../../platform/http/parse';
import { metadataFor } from '../../../platform/http/request-context';
import { PushService } from './push.service';

/** Web Push: the server's public VAPID key, and the patient's devices and topics */
@Controller('api')
export class PushController {
  constructor(private readonly push: PushService) {}

  /** the applicationServerKey of pushManager.subscribe (a public key: anyone may read it) */
  @Get('push/public-key')
  publicKey(): { publicKey: string } {
    return { publicKey: this.push.publicKey() };
  }

  @Get('me/push-settings')
  @Roles('patient')
  settings(@CurrentUser() user: SessionUser): Promise<PushSettingsView> {
    return this.push.settings(user);
  }

  @Put('me/push-settings')
  @Roles('patient')
  topics(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<PushSettingsView> {
    return this.push.setTopics(user, parseInput(PushTopicsRequest, body).optedOut, metadataFor(req, user));
  }

  @Post('me/push-subscriptions')
  @Roles('patient')
  subscribe(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<PushSettingsView> {
    return this.push.subscribe(user, parseInput(PushSubscriptionRequest, body), metadataFor(req, user));
  }

  /** the same body as the subscription (or just its endpoint) */
  @Delete('me/push-subscriptions')
  @HttpCode(200)
  @Roles('patient')
  unsubscribe(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<PushSettingsView> {
    return this.push.unsubscribe(user, parseInput(PushUnsubscribeRequest, body).endpoint, metadataFor(req, user));
  }
}
