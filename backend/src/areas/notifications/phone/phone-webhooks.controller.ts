import { Body, Controller, Get, HttpCode, Post, Query, Req, Res, type RawBodyRequest } from '@nestjs/common';
import type { Request, Response } from 'express';
import { NotABrowserWrite } from '../../../platform/auth/guards';
import { PhoneWebhooksService } from './phone-webhooks.service';

/** the flat name=value pairs of a form post (a nested or repeated field is not Twilio's, and fails the signature) */
const formParams = (body: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(typeof body === 'object' && body ? body : {}).filter((e): e is [string, string] => typeof e[1] === 'string'));

/** an empty TwiML answer: nothing sent back by Twilio itself (our answers go out through the outbox) */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/** the text providers' webhooks: no session and no CSRF token, the provider's signature instead */
@Controller('api/webhooks')
export class PhoneWebhooksController {
  constructor(private readonly webhooks: PhoneWebhooksService) {}

  /** TwiML only on success: the type is set after the report is recorded, so a refusal stays the app's Italian JSON error */
  @Post('twilio')
  @HttpCode(200)
  @NotABrowserWrite()
  async twilio(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<string> {
    const notificationId = typeof req.query.n === 'string' ? req.query.n : undefined;
    await this.webhooks.twilio(formParams(body), req.originalUrl, req.header('x-twilio-signature'), notificationId);
    res.type('text/xml; charset=utf-8');
    return EMPTY_TWIML;
  }

  /**
   * Meta's handshake when the webhook is subscribed: `hub.challenge` back as plain text; the type is set only on that
   * answer, so a refusal stays the app's Italian JSON error
   */
  @Get('whatsapp')
  handshake(
    @Query('hub.mode') mode: unknown,
    @Query('hub.verify_token') token: unknown,
    @Query('hub.challenge') challenge: unknown,
    @Res({ passthrough: true }) res: Response,
  ): string {
    const answer = this.webhooks.whatsappHandshake(mode, token, challenge);
    res.type('text/plain; charset=utf-8');
    return answer;
  }

  @Post('whatsapp')
  @HttpCode(200)
  @NotABrowserWrite()
  async whatsapp(@Body() body: unknown, @Req() req: RawBodyRequest<Request>): Promise<{ received: number }> {
    const reports = await this.webhooks.whatsapp(req.rawBody, req.header('x-hub-signature-256'), body);
    return { received: reports.length };
  }
}
