import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { type ConfessionItem, type ConfessionPage, type FeedQueryInput, messages } from '@secretchatbox/contracts';
import type { PublicConfession } from '@secretchatbox/projections';
import { badRequest } from '../../common/errors.js';
import { isUuid } from '../../common/ids.js';
import { ConfessionReads, markForViewer, marksKey } from './confession-reads.js';
import { FeedPageCache } from './feed-page-cache.js';

type Cursor = { likes: number; createdAt: string; id: string };

/** A cursor's keys must be what the read model holds (an int4 like count, a time as encoded), or the query fails. */
const isLikeCount = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 2 ** 31 - 1;
/** As the read model writes a time: UTC, to the microsecond, in years 1 to 9999 (PostgreSQL has no year 0). */
const encodedTime = /^(?!0000)\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;
const isEncodedTime = (value: unknown): value is string => {
  if (typeof value !== 'string' || !encodedTime.test(value)) return false;
  // Date.parse rolls a 30 February over into March; PostgreSQL refuses it, so must the cursor.
  const toMillisecond = `${value.slice(0, 23)}Z`;
  return new Date(Date.parse(toMillisecond)).toISOString() === toMillisecond;
};

/** Cursors are opaque to clients: the sort keys of the last item of a page. */
export function encodeCursor(item: ConfessionItem): string {
  return Buffer.from(JSON.stringify([item.likes, item.createdAt, item.id])).toString('base64url');
}

export function decodeCursor(cursor: string): Cursor {
  try {
    const [likes, createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (isLikeCount(likes) && isEncodedTime(createdAt) && typeof id === 'string' && isUuid(id)) {
      return { likes, createdAt, id };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw badRequest(messages.invalidCursor);
}

export class ListConfessionsQuery extends Query<ConfessionPage> {
  constructor(
    readonly query: FeedQueryInput,
    readonly viewer: string | null,
  ) {
    super();
  }
}

@QueryHandler(ListConfessionsQuery)
export class ListConfessionsHandler implements IQueryHandler<ListConfessionsQuery> {
  /**
   * A page is the same for every reader who liked and reported the same items of it: built once
   * for each, by the shared page it comes from (which lives for one generation of the read models).
   */
  private readonly built = new WeakMap<readonly PublicConfession[], Map<string, ConfessionPage>>();

  constructor(
    private readonly reads: ConfessionReads,
    private readonly pages: FeedPageCache,
  ) {}

  async execute({ query, viewer }: ListConfessionsQuery): Promise<ConfessionPage> {
    const { collegeCode, category, q, sort, limit } = query;
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    const items = await this.pages.page({ collegeCode, category, q, sort, after, limit: limit + 1 });
    const shown = items.length > limit ? items.slice(0, limit) : items;
    const marks = await this.reads.marksOf(viewer, shown);
    const key = marksKey(shown, marks);
    let byMarks = this.built.get(items);
    if (!byMarks) this.built.set(items, (byMarks = new Map()));
    let page = byMarks.get(key);
    if (!page) {
      const marked = markForViewer(shown, marks);
      page = { items: marked, nextCursor: items.length > limit ? encodeCursor(marked.at(-1)!) : null };
      byMarks.set(key, page);
    }
    return page;
  }
}
