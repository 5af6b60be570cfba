import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type LoginRequest, type LoginResponse, messages } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { type AdminAccount, findAdminByUsername } from '@secretchatbox/projections';
import type { AppConfig } from '../../config/app-config.js';
import { unauthorized } from '../../common/errors.js';
import { adminContext } from '../../identity/identity.js';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import { answerOf, type WriteAnswer } from '../../common/event-sourcing/write-answers.js';
import { hashToken } from '../../identity/session-tokens.js';
import { CommandIds } from '../../common/event-sourcing/command-ids.js';
import type { Clock } from '../../infrastructure/clock.js';
import type { PasswordHasher } from '../../infrastructure/password-hasher.js';
import { APP_CONFIG, CLOCK, DATABASE, PASSWORD_HASHER } from '../../infrastructure/tokens.js';
import { FailedLoginThrottle } from '../../rate-limiting/failed-login-throttle.js';
import { adminAccountDecider } from './admin-account.decider.js';
import { AdminCredentials } from './admin-credentials.js';

export class LoginCommand extends Command<WriteAnswer<LoginResponse>> {
  constructor(
    readonly request: LoginRequest,
    readonly networkKey: string,
    readonly origin: CommandOrigin,
  ) {
    super();
  }
}

/** College-scoped roles must name their college; chief and auditor accounts span all colleges. */
/** The college named at sign-in, by code or id, in any case ("c001" is C001). */
function collegeMatches(account: AdminAccount, collegeId: string | undefined): boolean {
  if (account.role === 'chief' || account.role === 'auditor') return true;
  const named = collegeId?.toUpperCase();
  return !!named && (named === account.collegeCode?.toUpperCase() || named === account.collegeId?.toUpperCase());
}

@CommandHandler(LoginCommand)
export class LoginHandler implements ICommandHandler<LoginCommand> {
  private decoyHash: Promise<string> | null = null;

  constructor(
    private readonly commands: EventSourcedCommands,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly throttle: FailedLoginThrottle,
    private readonly ids: CommandIds,
    private readonly credentials: AdminCredentials,
  ) {}

  async execute({ request, networkKey, origin }: LoginCommand): Promise<WriteAnswer<LoginResponse>> {
    const attempt = await this.throttle.begin(networkKey, request.username);
    const account = await findAdminByUsername(this.db, request.username);
    // Unknown usernames cost a hash check too, so timing does not reveal which usernames exist.
    this.decoyHash ??= this.hasher.hash('decoy password for unknown usernames');
    const passwordHash = account && (await this.credentials.passwordHashOf(account.id));
    const passwordOk = await this.hasher.verify(passwordHash ?? (await this.decoyHash), request.password);
    // An account with no hash kept signs in with no password: the decoy's must not open it.
    if (
      !account ||
      !passwordHash ||
      !passwordOk ||
      account.status !== 'active' ||
      !collegeMatches(account, request.college_id)
    ) {
      throw unauthorized(messages.loginFailed);
    }
    await attempt.succeeded();
    const sessionToken = this.ids.newToken(origin, 'admin-session');
    const expiresAt = new Date(this.clock.now().getTime() + this.config.ADMIN_SESSION_HOURS * 3_600_000).toISOString();
    const { status: _status, ...user } = account;
    const written = await this.commands.run(
      adminAccountDecider,
      { type: 'SignIn', adminId: account.id, sessionHash: hashToken(sessionToken), expiresAt },
      { context: adminContext(account), answer: () => ({ sessionToken, user }), origin },
    );
    return answerOf(written);
  }
}
