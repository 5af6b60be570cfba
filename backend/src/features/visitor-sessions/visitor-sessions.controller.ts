import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { endpoints, type SessionCreated, type SessionView } from '@secretchatbox/contracts';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import type { WriteAnswer } from '../../common/event-sourcing/write-answers.js';
import { Origin } from '../../common/http/idempotency.js';
import { Route, ValidBody } from '../../common/http/route.js';
import { CurrentVisitor, type VisitorIdentity } from '../../identity/identity.js';
import { StartVisitorSessionCommand } from './start-visitor-session.command.js';
import { GetVisitorSessionQuery } from './get-visitor-session.query.js';

@Controller()
export class VisitorSessionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Route(endpoints.startSession)
  start(
    @ValidBody() _body: Record<string, never>,
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<SessionCreated>> {
    return this.commands.execute(new StartVisitorSessionCommand(origin));
  }

  @Route(endpoints.getSession)
  get(@CurrentVisitor() visitor: VisitorIdentity): Promise<SessionView> {
    return this.queries.execute(new GetVisitorSessionQuery(visitor.sessionId));
  }
}
