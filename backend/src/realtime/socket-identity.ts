import { Injectable } from '@nestjs/common';
import { messages } from '@secretchatbox/contracts';
import type { Socket } from 'socket.io';
import { AdminSessions } from '../identity/admin-sessions.js';
import { adminChatId } from '../identity/chat-identity.js';
import { VisitorSessions } from '../identity/visitor-sessions.js';
import { Metrics } from '../infrastructure/metrics.js';
import { handshakeRefused } from './socket-admission.js';

/** Who a socket is, as its handshake's token said. */
export type SocketIdentity = Readonly<{
  /** The visitor's session id: only a visitor may pair. */
  visitorSessionId: string | null;
  /** Who it is in chat rooms: the visitor's session id or `admin-{id}`; null for a reader without a token. */
  chatId: string | null;
}>;

const reader: SocketIdentity = { visitorSessionId: null, chatId: null };

/** The identity the handshake gave the socket; a reader's until then. */
export function identityOf(socket: Socket): SocketIdentity {
  return (socket.data as { identity?: SocketIdentity }).identity ?? reader;
}

/**
 * A namespace middleware that looks the handshake's token up once for every gateway. No token makes
 * a reader; a token the server does not know, or one that is not a string, is refused with the
 * message REST gives it, so that the client learns its session is gone instead of silently reading.
 * A token that cannot be looked up now (the database away) makes a reader too: it may read, not type.
 */
@Injectable()
export class SocketIdentities {
  constructor(
    private readonly visitors: VisitorSessions,
    private readonly admins: AdminSessions,
    private readonly metrics: Metrics,
  ) {}

  readonly identify = (socket: Socket, next: (error?: Error) => void): void => {
    const token: unknown = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    this.lookUp(token).then(
      (identity) => {
        if (identity) {
          (socket.data as { identity?: SocketIdentity }).identity = identity;
          return next();
        }
        this.metrics.socketRefused('invalid_token');
        next(handshakeRefused(messages.sessionInvalid, 401));
      },
      () => next(),
    );
  };

  /** The token's identity, a reader's without one, or null for a token nobody holds. */
  private async lookUp(token: unknown): Promise<SocketIdentity | null> {
    if (token === undefined || token === null || token === '') return reader;
    if (typeof token !== 'string') return null;
    const visitor = await this.visitors.resolve(token);
    if (visitor) return { visitorSessionId: visitor, chatId: visitor };
    const admin = await this.admins.resolve(token);
    return admin ? { visitorSessionId: null, chatId: adminChatId(admin.user.id) } : null;
  }
}
