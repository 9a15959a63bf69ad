import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import {
  ChargeQuoteQuery,
  type ChargeQuote,
  CreatePaypalOrderRequest,
  type CreatePaypalOrderResponse,
  type PaypalConfigResponse,
  type OrderView,
  type SessionUser,
} from '@studio/contracts';
import type { Request } from 'express';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { parseInput } from '../../../platform/http/parse';
import { metadataFor } from '../../../platform/http/request-context';
import { clientKey } from '../../../platform/security/rate-limits';
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

  /** the PayPal button's createOrder: answers the PayPal order id */
  @Post('api/paypal/orders')
  @HttpCode(201)
  @Roles('patient')
  create(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<CreatePaypalOrderResponse> {
    return this.orders.createOrder(user, parseInput(CreatePaypalOrderRequest, body), metadataFor(req, user), clientKey(req));
  }

  @Get('api/me/orders')
  @Roles('patient')
  mine(@CurrentUser() user: SessionUser): Promise<OrderView[]> {
    return this.queries.mine(user);
  }
}
