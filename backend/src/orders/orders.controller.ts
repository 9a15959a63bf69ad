import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import {
  ChargeQuoteQuery,
  type ChargeQuote,
  ConfirmPaymentRequest,
  CreatePaypalOrderRequest,
  type CreatePaypalOrderResponse,
  type PaypalConfigResponse,
  type OrderView,
  type SessionUser,
} from '@studio/contracts';
import type { Request, Response } from 'express';
import { CurrentUser, NotABrowserWrite, Roles } from '../auth/guards';
import { parseInput } from '../http/parse';
import { metadataFor } from '../http/request-context';
import { clientKey } from '../security/rate-limits';
import { OrdersQueries } from './orders.queries';
import { OrdersService } from './orders.service';

@Controller()
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly queries: OrdersQueries,
  ) {}

  @Get('api/paypal/config')
  paypalConfig(): PaypalConfigResponse {
    return this.orders.paypalConfig();
  }

  /** the payment page's lines and "Totale" before paying: the same computation as the order's */
  @Get('api/paypal/quote')
  @Roles('patient')
  quote(@Query() query: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<ChargeQuote> {
    return this.orders.quote(user, parseInput(ChargeQuoteQuery, query), clientKey(req));
  }

  /**
   * PayPal's webhook (PAYMENT.CAPTURE.COMPLETED / PENDING / DENIED / REFUNDED, CHECKOUT.ORDER.*): no session and no CSRF
   * token; PayPal's verify-webhook-signature decides whether the message is PayPal's before anything is done.
   */
  @Post('api/paypal/webhook')
  @HttpCode(200)
  @NotABrowserWrite()
  webhook(@Body() body: unknown, @Req() req: Request): Promise<{ received: true; order: string | null }> {
    const header = (name: string) => req.header(name) ?? '';
    return this.orders.webhook(
      {
        authAlgo: header('paypal-auth-algo'),
        certUrl: header('paypal-cert-url'),
        transmissionId: header('paypal-transmission-id'),
        transmissionSig: header('paypal-transmission-sig'),
        transmissionTime: header('paypal-transmission-time'),
      },
      body,
    );
  }

  /** the PayPal button's createOrder: answers the PayPal order id */
  @Post('api/paypal/orders')
  @HttpCode(201)
  @Roles('patient')
  create(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<CreatePaypalOrderResponse> {
    return this.orders.createOrder(user, parseInput(CreatePaypalOrderRequest, body), metadataFor(req, user), clientKey(req));
  }

  /** the spec's confirmation post: JSON {redirect} by default, 303 to /home for a plain HTML form */
  @Post('prenotazioni/conferma')
  @Roles('patient')
  async confirm(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request, @Res() res: Response): Promise<void> {
    const input = parseInput(ConfirmPaymentRequest, body);
    const result = await this.orders.confirm(user, input, metadataFor(req, user), clientKey(req));
    if (req.is('application/x-www-form-urlencoded') && req.accepts(['json', 'html']) === 'html') {
      res.redirect(303, result.redirect);
      return;
    }
    // 202: accepted, PayPal still reviewing the capture ("pagamento in verifica")
    res.status(result.paymentInReview ? 202 : 200).json(result);
  }

  @Get('api/me/orders')
  @Roles('patient')
  mine(@CurrentUser() user: SessionUser): Promise<OrderView[]> {
    return this.queries.mine(user);
  }
}
