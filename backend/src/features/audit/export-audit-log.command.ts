import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuditExportQuery, AuthUser } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import type { EventStore } from '@secretchatbox/event-store';
import { readAuditLog, readChainHead } from '@secretchatbox/projections';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import { SavedNotYetVisible, type WriteAnswer } from '../../common/event-sourcing/write-answers.js';
import { adminContext } from '../../identity/identity.js';
import { ModerationPseudonyms } from '../../identity/moderation-pseudonyms.js';
import { collegeOfList } from '../../identity/scope.js';
import type { Clock } from '../../infrastructure/clock.js';
import { CLOCK, DATABASE, EVENT_STORE } from '../../infrastructure/tokens.js';
import { toLogEntry } from './audit-entries.js';
import { type AuditExportFile, auditExportFile } from './audit-export-file.js';
import { auditExportDecider } from './audit-export.decider.js';

/** The log read for an export a page at a time, newest first. */
const exportPage = 1000;

/** Exports the moderation log for the filters, and records the export as an event. */
export class ExportAuditLogCommand extends Command<WriteAnswer<AuditExportFile, Record<string, never>>> {
  constructor(
    readonly user: AuthUser,
    readonly query: AuditExportQuery,
    readonly origin: CommandOrigin,
  ) {
    super();
  }
}

@CommandHandler(ExportAuditLogCommand)
export class ExportAuditLogHandler implements ICommandHandler<ExportAuditLogCommand> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly commands: EventSourcedCommands,
    private readonly pseudonyms: ModerationPseudonyms,
  ) {}

  async execute({
    user,
    query,
    origin,
  }: ExportAuditLogCommand): Promise<WriteAnswer<AuditExportFile, Record<string, never>>> {
    const { format, collegeCode, ...rest } = query;
    const filter = { ...rest, collegeCode: collegeOfList(user, collegeCode) };
    // The chain head at export time, which the file ends with.
    const head = await readChainHead(this.store);
    const entries = [];
    let before = null;
    do {
      const page = await readAuditLog(this.db, filter, before, exportPage);
      entries.push(...page.rows.map((row) => toLogEntry(row, this.pseudonyms)));
      before = page.next;
    } while (before);
    const filters = Object.fromEntries(
      Object.entries({ ...rest, collegeCode: filter.collegeCode ?? undefined }).filter(([, v]) => v !== undefined),
    );
    const written = await this.commands.run(
      auditExportDecider,
      { exportId: randomUUID(), adminId: user.id, format, filters, rowCount: entries.length },
      { context: adminContext(user, filter.collegeCode), origin },
    );
    if (!written.visible) return new SavedNotYetVisible({}, written.position);
    return auditExportFile(format, entries, { links: head.links, hash: head.hash }, this.clock.now().toISOString());
  }
}
