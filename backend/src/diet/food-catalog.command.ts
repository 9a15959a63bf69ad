import { Command, CommandHandler, type ICommandHandler, CommandBus } from '@nestjs/cqrs';
import { foodCategoryStreamName, foodStreamName, type EventMetadata } from '@studio/contracts';
import { foodCategoryDecider, foodDecider, type FoodCategoryCommand, type FoodCommand } from './food.decider';
import { Decide } from '../event-store/decide.command';

/** a food or category command on the bus, so the demo seed fills the catalogue the way a doctor does */
export class FoodCatalogCommand extends Command<{ position: number | null }> {
  constructor(
    readonly command: FoodCommand | FoodCategoryCommand,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

@CommandHandler(FoodCatalogCommand)
export class FoodCatalogHandler implements ICommandHandler<FoodCatalogCommand> {
  constructor(private readonly commands: CommandBus) {}

  async execute({ command, metadata }: FoodCatalogCommand): Promise<{ position: number | null }> {
    const result =
      'foodId' in command
        ? await this.commands.execute(new Decide(foodStreamName(command.foodId), foodDecider, command, metadata))
        : await this.commands.execute(new Decide(foodCategoryStreamName(command.categoryId), foodCategoryDecider, command, metadata));
    return { position: result.position };
  }
}
