import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { foodCategoryStreamName, foodStreamName, type EventMetadata } from '@studio/contracts';
import { handleCommand } from '../event-store/command-handler';
import { CORE, type Core } from '../infrastructure/core';
import { foodCategoryDecider, foodDecider, type FoodCategoryCommand, type FoodCommand } from './food.decider';

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
  constructor(@Inject(CORE) private readonly core: Core) {}

  async execute({ command, metadata }: FoodCatalogCommand): Promise<{ position: number | null }> {
    const result =
      'foodId' in command
        ? await handleCommand(this.core.eventStore, foodStreamName(command.foodId), foodDecider, command, metadata)
        : await handleCommand(this.core.eventStore, foodCategoryStreamName(command.categoryId), foodCategoryDecider, command, metadata);
    return { position: result.position };
  }
}
