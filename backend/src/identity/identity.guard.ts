import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { type EndpointContract, messages, sessionHeader } from '@secretchatbox/contracts';
import { forbidden, unauthorized } from '../common/errors.js';
import { contractOf } from '../common/http/route.js';
import { AdminSessions } from './admin-sessions.js';
import type { AdminIdentity, IdentifiedRequest } from './identity.js';
import { VisitorSessions } from './visitor-sessions.js';

/**
 * Enforces the `auth` of each endpoint's contract on the server: resolves the visitor session
 * or the admin session from the `x-session-token` header, or answers 401.
 */
@Injectable()
export class IdentityGuard implements CanActivate {
  constructor(
    private readonly visitors: VisitorSessions,
    private readonly admins: AdminSessions,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const contract: EndpointContract | undefined = contractOf(context, false);
    if (!contract || contract.auth === 'none') return true;
    const request = context.switchToHttp().getRequest<IdentifiedRequest>();
    // Node joins a repeated header into one string.
    const token = request.headers[sessionHeader] as string | undefined;
    if (contract.auth === 'admin') {
      if (!token) throw unauthorized(messages.adminSessionRequired);
      const admin = await this.admins.resolve(token);
      if (!admin) throw unauthorized(messages.adminSessionInvalid);
      request.admin = withRole(contract, admin);
      return true;
    }
    if (!token) {
      if (contract.auth === 'visitor' || contract.auth === 'visitor-or-admin')
        throw unauthorized(messages.sessionRequired);
      return true;
    }
    const sessionId = await this.visitors.resolve(token);
    if (!sessionId && contract.auth === 'visitor-or-admin') {
      const admin = await this.admins.resolve(token);
      if (!admin) throw unauthorized(messages.sessionInvalid);
      request.admin = withRole(contract, admin);
      return true;
    }
    if (!sessionId) throw unauthorized(messages.sessionInvalid);
    request.visitor = { sessionId };
    return true;
  }
}

/** The admin, if the endpoint allows its role: the one rule that keeps auditors to reading. */
function withRole(contract: EndpointContract, admin: AdminIdentity): AdminIdentity {
  if (contract.roles && !contract.roles.includes(admin.user.role)) throw forbidden(messages.forbiddenRole);
  return admin;
}
