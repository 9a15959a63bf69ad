import { Command, CommandHandler, type ICommandHandler, CommandBus } from '@nestjs/cqrs';
import { questionnaireStreamName, type EventMetadata, type Question } from '@studio/contracts';
import { questionnaireDecider } from './questionnaire.decider';
import { Decide } from '../event-store/decide.command';

/** a command on the bus, so the demo seed defines questionnaires the way a doctor does */
export class DefineQuestionnaireCommand extends Command<{ position: number | null }> {
  constructor(
    readonly questionnaireId: string,
    readonly doctorId: string,
    readonly title: string,
    readonly questions: Question[],
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

@CommandHandler(DefineQuestionnaireCommand)
export class DefineQuestionnaireHandler implements ICommandHandler<DefineQuestionnaireCommand> {
  constructor(private readonly commands: CommandBus) {}

  async execute(c: DefineQuestionnaireCommand): Promise<{ position: number | null }> {
    const { questionnaireId, doctorId, title, questions } = c;
    const result = await this.commands.execute(
      new Decide(
        questionnaireStreamName(questionnaireId),
        questionnaireDecider,
        { type: 'DefineQuestionnaire', questionnaireId, doctorId, title, questions },
        c.metadata,
      ),
    );
    return { position: result.position };
  }
}
