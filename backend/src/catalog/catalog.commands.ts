import { Command, CommandHandler, type ICommandHandler, CommandBus } from '@nestjs/cqrs';
import { couponStreamName, productStreamName, type EventMetadata } from '@studio/contracts';
import { couponDecider, productDecider, type CouponCommand, type ProductCommand } from './catalog.decider';
import { Decide } from '../event-store/decide.command';

/** a product command on the bus, so the demo seed writes products the way the admin does */
export class ProductCatalogCommand extends Command<{ position: number | null }> {
  constructor(
    readonly command: ProductCommand,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

@CommandHandler(ProductCatalogCommand)
export class ProductCatalogHandler implements ICommandHandler<ProductCatalogCommand> {
  constructor(private readonly commands: CommandBus) {}

  async execute(c: ProductCatalogCommand): Promise<{ position: number | null }> {
    const result = await this.commands.execute(new Decide(productStreamName(c.command.productId), productDecider, c.command, c.metadata));
    return { position: result.position };
  }
}

/** a coupon command on the bus (create, update, redeem) */
export class CouponCatalogCommand extends Command<{ position: number | null }> {
  constructor(
    readonly command: CouponCommand,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

@CommandHandler(CouponCatalogCommand)
export class CouponCatalogHandler implements ICommandHandler<CouponCatalogCommand> {
  constructor(private readonly commands: CommandBus) {}

  async execute(c: CouponCatalogCommand): Promise<{ position: number | null }> {
    const result = await this.commands.execute(new Decide(couponStreamName(c.command.code), couponDecider, c.command, c.metadata));
    return { position: result.position };
  }
}
