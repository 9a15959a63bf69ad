import { Injectable } from '@nestjs/common';
import { OrderRefunds } from '../../scheduling/booking';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { ordersReadModel } from './read-models';

/** booking's OrderRefunds, from the orders read model */
@Injectable()
export class OrderRefundsFromOrders extends OrderRefunds {
  constructor(private readonly kernel: KernelPorts) {
    super();
  }

  async refundedCents(orderId: string): Promise<number | null> {
    const order = (await ordersReadModel.get(this.kernel.readModels, orderId))?.doc;
    return order?.refundedCents ?? order?.totalCents ?? null;
  }
}
