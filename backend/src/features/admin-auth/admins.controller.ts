import { Controller, Param } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type AdminAccountView,
  type AdminStatusInput,
  type CreateAdminInput,
  type DeletionResult,
  endpoints,
  messages,
  type UpdateAdminInput,
} from '@secretchatbox/contracts';
import { uuidOr404 } from '../../common/ids.js';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import type { WriteAnswer } from '../../common/event-sourcing/write-answers.js';
import { Origin } from '../../common/http/idempotency.js';
import { Route, ValidBody } from '../../common/http/route.js';
import { type AdminIdentity, CurrentAdmin } from '../../identity/identity.js';
import { ChangeAdminCommand } from './change-admin.command.js';
import { CreateAdminCommand } from './create-admin.command.js';
import { ListAdminsQuery } from './list-admins.query.js';

const adminId = (id: string) => uuidOr404(id, messages.adminNotFound);

/** Admin account management: the chief dashboard's calls, and a college admin's own normal admins. */
@Controller()
export class AdminsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Route(endpoints.listAdmins)
  list(@CurrentAdmin() manager: AdminIdentity): Promise<AdminAccountView[]> {
    return this.queries.execute(new ListAdminsQuery(manager));
  }

  @Route(endpoints.createAdmin)
  create(
    @CurrentAdmin() manager: AdminIdentity,
    @ValidBody() body: CreateAdminInput,
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<AdminAccountView, { id: string }>> {
    return this.commands.execute(new CreateAdminCommand(manager, body, origin));
  }

  @Route(endpoints.updateAdmin)
  update(
    @CurrentAdmin() manager: AdminIdentity,
    @Param('id') id: string,
    @ValidBody() body: UpdateAdminInput,
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<AdminAccountView, { id: string }>> {
    return this.commands.execute(
      new ChangeAdminCommand(manager, adminId(id), { type: 'ChangeCollege', collegeCode: body.collegeCode }, origin),
    );
  }

  @Route(endpoints.setAdminStatus)
  setStatus(
    @CurrentAdmin() manager: AdminIdentity,
    @Param('id') id: string,
    @ValidBody() body: AdminStatusInput,
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<AdminAccountView, { id: string }>> {
    return this.commands.execute(
      new ChangeAdminCommand(manager, adminId(id), { type: 'ChangeStatus', status: body.status }, origin),
    );
  }

  @Route(endpoints.deleteAdmin)
  delete(
    @CurrentAdmin() manager: AdminIdentity,
    @Param('id') id: string,
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<DeletionResult, { id: string }>> {
    return this.commands.execute(new ChangeAdminCommand(manager, adminId(id), { type: 'DeleteAdminAccount' }, origin));
  }
}
