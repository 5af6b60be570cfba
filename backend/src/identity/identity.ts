import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthUser } from '@secretchatbox/contracts';
import type { CommandContext } from '../common/event-sourcing/event-sourced-commands.js';
import type { FastifyRequest } from 'fastify';

export type VisitorIdentity = Readonly<{ sessionId: string }>;
export type AdminIdentity = Readonly<{ user: AuthUser; sessionHash: string }>;

export type IdentifiedRequest = FastifyRequest & { visitor?: VisitorIdentity; admin?: AdminIdentity };

/** The visitor the IdentityGuard resolved; undefined on endpoints where a session is optional. */
export const CurrentVisitor = createParamDecorator(
  (_: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<IdentifiedRequest>().visitor,
);

/** The signed-in admin the IdentityGuard resolved. */
export const CurrentAdmin = createParamDecorator(
  (_: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<IdentifiedRequest>().admin,
);

/**
 * Events an admin causes name the admin's id, username and role, and the college concerned: the
 * item's college when given, otherwise the admin's own.
 */
export function adminContext(
  user: Pick<AuthUser, 'id' | 'username' | 'role' | 'collegeCode'>,
  collegeCode: string | null = user.collegeCode,
): CommandContext {
  return {
    actor: { kind: 'admin', adminId: user.id, username: user.username, role: user.role },
    ...(collegeCode ? { collegeCode } : {}),
  };
}
