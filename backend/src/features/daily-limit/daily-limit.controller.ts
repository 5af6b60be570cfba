import { Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { type DailyLimit, endpoints } from '@secretchatbox/contracts';
import { Route } from '../../common/http/route.js';
import { CurrentVisitor, type VisitorIdentity } from '../../identity/identity.js';
import { GetDailyLimitQuery } from './get-daily-limit.query.js';

@Controller()
export class DailyLimitController {
  constructor(private readonly queries: QueryBus) {}

  @Route(endpoints.getDailyLimit)
  get(@CurrentVisitor() visitor: VisitorIdentity | undefined): Promise<DailyLimit> {
    return this.queries.execute(new GetDailyLimitQuery(visitor?.sessionId ?? null));
  }
}
