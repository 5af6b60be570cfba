import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type AuthUser, endpoints, type LoginRequest, type LoginResponse } from '@secretchatbox/contracts';
import { Route, ValidBody } from '../../common/http/route.js';
import { type AdminIdentity, CurrentAdmin } from '../../identity/identity.js';
import { LoginCommand } from './login.command.js';
import { LogoutCommand } from './logout.command.js';

@Controller()
export class AuthController {
  constructor(private readonly commands: CommandBus) {}

  @Route(endpoints.login)
  login(@ValidBody() body: LoginRequest): Promise<LoginResponse> {
    return this.commands.execute(new LoginCommand(body));
  }

  @Route(endpoints.me)
  me(@CurrentAdmin() admin: AdminIdentity): AuthUser {
    return admin.user;
  }

  @Route(endpoints.logout)
  async logout(@CurrentAdmin() admin: AdminIdentity, @ValidBody() _body: Record<string, never>): Promise<{ ok: true }> {
    await this.commands.execute(new LogoutCommand(admin));
    return { ok: true };
  }
}
