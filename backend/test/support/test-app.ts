import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import type { TestDatabaseTarget, TestSchema } from '@secretchatbox/database/testing';
import { PostgresEventStore } from '@secretchatbox/event-store';
import { eventStoreTestSchema } from '@secretchatbox/event-store/testing';
import { readModelComponent, readModelMigrations, type Storage } from '@secretchatbox/projections';
import { type AppConfig, loadConfig } from '../../src/config/app-config.js';
import { createApp } from '../../src/create-app.js';
import {
  adminCredentialsComponent,
  adminCredentialsMigrations,
} from '../../src/features/admin-auth/admin-credentials.js';
import { BootstrapChiefService } from '../../src/features/admin-auth/bootstrap-chief.service.js';
import type { Clock } from '../../src/infrastructure/clock.js';
import { serverSecretsComponent, serverSecretsMigrations } from '../../src/infrastructure/session-secret.js';

export const chief = { username: 'chief-test', password: 'correct horse battery' };

/**
 * Everything the server migrates as it starts. A test database is a copy of a template that has
 * it (docs/testing.md), so the server starts without migrating.
 */
export const serverSchema: TestSchema = [
  ...eventStoreTestSchema,
  { component: readModelComponent, migrations: readModelMigrations },
  { component: serverSecretsComponent, migrations: serverSecretsMigrations },
  { component: adminCredentialsComponent, migrations: adminCredentialsMigrations },
];

export type TestApp = Readonly<{
  app: INestApplication;
  baseUrl: string;
  storage: Storage;
  config: AppConfig;
  /** fetch against the app, JSON in and out. */
  call(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; raw?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}>;

/** The whole server on an ephemeral port, over a fresh database of the given target; `clock` replaces the system clock. */
export async function startTestApp(
  target: TestDatabaseTarget,
  env: Record<string, string> = {},
  clock?: Clock,
): Promise<TestApp> {
  return startTestAppOn(await openTestStorage(target), env, clock);
}

/**
 * A fresh database of the given target with its event store, for a test that stores events before
 * the server starts; `schema` is what it is migrated to so far (all the server's by default).
 */
export async function openTestStorage(target: TestDatabaseTarget, schema = serverSchema): Promise<Storage> {
  const { db, dispose } = await target.create(schema);
  const store = await PostgresEventStore.open(db);
  return {
    db,
    store,
    describe: target.name,
    async close() {
      await store.close();
      await dispose();
    },
  };
}

/** The whole server on an ephemeral port, over `storage`, which it closes when it closes. */
export async function startTestAppOn(
  storage: Storage,
  env: Record<string, string> = {},
  clock?: Clock,
): Promise<TestApp> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    CHIEF_USERNAME: chief.username,
    CHIEF_PASSWORD: chief.password,
    PORT: '0',
    ...env,
  });
  const app = await createApp(config, storage, clock);
  await app.listen(0, '127.0.0.1');
  await app.get(BootstrapChiefService).createChiefIfMissing();
  const { port } = app.getHttpServer().address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    baseUrl,
    storage,
    config,
    async call(method, path, { body, token, raw, headers: extra } = {}) {
      const headers: Record<string, string> = { ...extra };
      if (body !== undefined || raw !== undefined) headers['content-type'] = 'application/json';
      if (token) headers['x-session-token'] = token;
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON (an HTML page): the text itself is the body.
      }
      return { status: response.status, body: parsed, headers: response.headers };
    },
    async close() {
      await app.close();
      await storage.close();
    },
  };
}
