import { Controller, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  endpoints,
  messages,
  type PairingReportDecisionInput,
  type PairingReportResult,
} from '@secretchatbox/contracts';
import { uuidOr404 } from '../../common/ids.js';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import type { WriteAnswer } from '../../common/event-sourcing/write-answers.js';
import { Origin } from '../../common/http/idempotency.js';
import { Route, ValidBody } from '../../common/http/route.js';
import { type AdminIdentity, CurrentAdmin } from '../../identity/identity.js';
import { ModerateItemCommand } from '../../common/domain/moderate-item.command.js';
import { pairingReportResolution } from './pairing-report-resolution.js';

/** Moderators decide on reports of random pairs; the open ones are listed with the other queues. */
@Controller()
export class PairingReportsController {
  constructor(private readonly commands: CommandBus) {}

  @Route(endpoints.resolvePairingReport)
  resolve(
    @CurrentAdmin() admin: AdminIdentity,
    @Param('id') id: string,
    @ValidBody() body: PairingReportDecisionInput,
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<PairingReportResult>> {
    const reportId = uuidOr404(id, messages.pairingReportNotFound);
    const decision = { reportId, action: body.action, note: body.note || null, moderator: admin.user };
    return this.commands.execute(new ModerateItemCommand(admin, pairingReportResolution, decision, origin));
  }
}
