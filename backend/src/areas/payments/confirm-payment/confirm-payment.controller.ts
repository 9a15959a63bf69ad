import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ConfirmPaymentRequest, type SessionUser } from '@studio/contracts';
import type { Request, Response } from 'express';
import { CurrentUser, NotABrowserWrite, Roles } from '../../../platform/auth/guards';
import { parseInput } from '../../../platform/http/parse';
import { metadataFor } from '../../../platform/http/request-context';
import { clientKey } from '../../../platform/security/rate-limits';
import { ConfirmPaymentService } from './confirm-payment.service';

@Controller()
export class ConfirmPaymentController {
  constructor(private readonly payments: ConfirmPaymentService) {}

  /**
   * PayPal's webhook (PAYMENT.CAPTURE.COMPLETED / PENDING / DENIED / REFUNDED, CHECKOUT.ORDER.*): no session and no CSRF
   * token; PayPal's verify-webhook-signature decides whether the message is PayPal's before anything is done.
   */
  @Post('api/paypal/webhook')
  @HttpCode(200)
  @NotABrowserWrite()
  webhook(@Body() body: unknown, @Req() req: Request): Promise<{ received: true; order: string | null }> {
    const header = (name: string) => req.header(name) ?? '';
    return this.payments.webhook(
      {
        authAlgo: header('paypal-auth-algo'),
        certUrl: header('paypal-cert-url'),
        transmissionId: header('paypal-transmission-id'),
        transmissionSig: header('paypal-transmission-sig'),
        transmissionTime: header('paypal-transmission-time'),
      },
      body,
      clientKey(req),
    );
  }

  /** the spec's confirmation post: JSON {redirect} by default, 303 to /home for a plain HTML form */
  @Post('prenotazioni/conferma')
  @Roles('patient')
  async confirm(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request, @Res() res: Response): Promise<void> {
    const input = parseInput(ConfirmPaymentRequest, body);
    const result = await this.payments.confirm(user, input, metadataFor(req, user), clientKey(req));
    if (req.is('application/x-www-form-urlencoded') && req.accepts(['json', 'html']) === 'html') {
      res.redirect(303, result.redirect);
      return;
    }
    // 202: accepted, PayPal still reviewing the capture ("pagamento in verifica")
    res.status(result.paymentInReview ? 202 : 200).json(result);
  }
}
