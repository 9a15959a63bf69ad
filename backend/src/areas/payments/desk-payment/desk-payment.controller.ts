import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { SessionUser } from '@studio/contracts';
import type { Request } from 'express';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { type DeskPaymentView } from '../desk-payments';
import { metadataFor } from '../../../platform/http/request-context';
import { DeskPaymentFlowService } from './desk-payment.service';

@Controller()
export class DeskPaymentController {
  constructor(private readonly desk: DeskPaymentFlowService) {}

  /** a payment taken at the desk (cash, card, transfer): the booking is confirmed and the receipt follows */
  @Post('api/bookings/:id/desk-payment')
  @HttpCode(201)
  @Roles('doctor', 'admin')
  record(@Param('id') bookingId: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<DeskPaymentView> {
    return this.desk.record(user, bookingId, body, metadataFor(req, user));
  }

  /** the desk gave the money back (a credit note follows), and cancelled the visit too or kept it, as the request says */
  @Post('api/desk-payments/:orderId/refund')
  @HttpCode(201)
  @Roles('doctor', 'admin')
  refund(
    @Param('orderId') orderId: string,
    @Body() body: unknown,
    @CurrentUser() user: SessionUser,
    @Req() req: Request,
  ): Promise<{ refundId: string; visitCancelled: boolean }> {
    return this.desk.refund(user, orderId, body, metadataFor(req, user));
  }
}
