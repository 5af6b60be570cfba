import { Controller, Inject, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type AuthUser, endpoints, type LoginRequest, type LoginResponse } from '@secretchatbox/contracts';
import type { FastifyRequest } from 'fastify';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import type { WriteAnswer } from '../../common/event-sourcing/write-answers.js';
import { Origin } from '../../common/http/idempotency.js';
import { Route, ValidBody } from '../../common/http/route.js';
import { type AdminIdentity, CurrentAdmin } from '../../identity/identity.js';
import type { Clock } from '../../infrastructure/clock.js';
import { CLOCK } from '../../infrastructure/tokens.js';
import { NetworkKey } from '../../rate-limiting/network-key.js';
import { LoginCommand } from './login.command.js';
import { LogoutCommand } from './logout.command.js';

@Controller()
export class AuthController {
  constructor(
    private readonly commands: CommandBus,
    private readonly networkKey: NetworkKey,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Route(endpoints.login)
  login(
    @ValidBody() body: LoginRequest,
    @Req() request: FastifyRequest,
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<LoginResponse>> {
    return this.commands.execute(new LoginCommand(body, this.networkKey.of(request.ip, this.clock.now()), origin));
  }

  @Route(endpoints.me)
  me(@CurrentAdmin() admin: AdminIdentity): AuthUser {
    return admin.user;
  }

  @Route(endpoints.logout)
  logout(
    @CurrentAdmin() admin: AdminIdentity,
    @ValidBody() _body: Record<string, never>,
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<{ ok: true }, Record<string, never>>> {
    return this.commands.execute(new LogoutCommand(admin, origin));
  }
}
