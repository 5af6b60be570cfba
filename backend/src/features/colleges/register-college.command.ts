import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import { collegeDecider, collegeStream, type RegisterCollege } from './college.decider.js';

export class RegisterCollegeCommand extends Command<void> {
  constructor(readonly college: RegisterCollege) {
    super();
  }
}

@CommandHandler(RegisterCollegeCommand)
export class RegisterCollegeHandler implements ICommandHandler<RegisterCollegeCommand> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ college }: RegisterCollegeCommand): Promise<void> {
    await this.commands.execute(collegeStream(college.code), collegeDecider, college, {
      actor: { kind: 'system' },
      collegeCode: college.code,
    });
  }
}
