import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import {
  ConfirmPaymentRequest,
  CreatePaypalOrderRequest,
  type CreatePaypalOrderResponse,
  type PaypalConfigResponse,
  type OrderView,
  type SessionUser,
} from '@studio/contracts';
import type { Request, Response } from 'express';
import { CurrentUser, Roles } from '../auth/guards';
import { parseInput } from '../http/parse';
import { metadataFor } from '../http/request-context';
import { clientKey } from '../security/rate-limits';
import { OrdersService } from './orders.service';

@Controller()
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Get('api/paypal/config')
  paypalConfig(): PaypalConfigResponse {
    return this.orders.paypalConfig();
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
    res.status(200).json(result);
  }

  @Get('api/me/orders')
  @Roles('patient')
  mine(@CurrentUser() user: SessionUser): Promise<OrderView[]> {
    return this.orders.mine(user);
  }
}
