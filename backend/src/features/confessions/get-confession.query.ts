import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { type ConfessionItem, messages } from '@secretchatbox/contracts';
import { notFound } from '../../common/errors.js';
import { isUuid } from '../../common/ids.js';
import { ConfessionReads } from './confession-reads.js';

export class GetConfessionQuery extends Query<ConfessionItem> {
  constructor(
    readonly id: string,
    readonly viewer: string | null,
  ) {
    super();
  }
}

@QueryHandler(GetConfessionQuery)
export class GetConfessionHandler implements IQueryHandler<GetConfessionQuery> {
  constructor(private readonly reads: ConfessionReads) {}

  async execute({ id, viewer }: GetConfessionQuery): Promise<ConfessionItem> {
    const confession = isUuid(id) ? await this.reads.approved(id) : null;
    if (!confession) throw notFound(messages.confessionNotFound);
    const [item] = await this.reads.withMarks(viewer, [confession]);
    return item!;
  }
}
