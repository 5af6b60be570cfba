import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import { collegeDecider, type RegisterCollege } from './college.decider.js';

export class RegisterCollegeCommand extends Command<void> {
  constructor(readonly college: RegisterCollege) {
    super();
  }
}

@CommandHandler(RegisterCollegeCommand)
export class RegisterCollegeHandler implements ICommandHandler<RegisterCollegeCommand> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ college }: RegisterCollegeCommand): Promise<void> {
    // Seeding at start-up: a college saved but not yet in the read models shows up moments later.
    await this.commands.run(collegeDecider, college, {
      context: { actor: { kind: 'system' }, collegeCode: college.code },
      origin: CommandOrigin.fresh(),
    });
  }
}
