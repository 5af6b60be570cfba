import { createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { type Database, migrate } from '@secretchatbox/database';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG, DATABASE } from './tokens.js';

/** The name its migrations are recorded under. */
export const serverSecretsComponent = 'server-secrets';

/**
 * A migration, not a plain CREATE TABLE IF NOT EXISTS: instances starting at the same moment
 * would race to create the table, and one of them fail. IF NOT EXISTS stays for the installations
 * that made the table before it was a migration.
 */
export const serverSecretsMigrations = [
  {
    version: 1,
    name: 'server secrets',
    sql: 'CREATE TABLE IF NOT EXISTS public.server_secrets (name text PRIMARY KEY, value text NOT NULL)',
  },
];

/**
 * The server-side key that turns secret session tokens into public pseudonyms. From
 * SESSION_SECRET when set; otherwise generated once and kept in the database, so every instance
 * and every restart derives the same pseudonyms.
 */
@Injectable()
export class SessionSecret implements OnModuleInit {
  private key: Buffer | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  async onModuleInit(): Promise<void> {
    if (this.config.SESSION_SECRET) {
      this.key = Buffer.from(this.config.SESSION_SECRET, 'utf8');
      return;
    }
    await migrate(this.db, serverSecretsComponent, serverSecretsMigrations);
    await this.db.query(
      "INSERT INTO public.server_secrets (name, value) VALUES ('session', $1) ON CONFLICT (name) DO NOTHING",
      [randomBytes(32).toString('base64url')],
    );
    const { rows } = await this.db.query<{ value: string }>(
      "SELECT value FROM public.server_secrets WHERE name = 'session'",
    );
    this.key = Buffer.from(rows[0]!.value, 'base64url');
  }

  /** A keyed hash of `token`, truncated to `length` base64url characters. */
  derive(token: string, length: number): string {
    if (!this.key) throw new Error('SessionSecret used before module init');
    return createHmac('sha256', this.key).update(token).digest('base64url').slice(0, length);
  }
}
