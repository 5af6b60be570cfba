import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from './app-config.js';

describe('configuration', () => {
  it('starts with no configuration at all: embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', QUOTA_TIMEZONE: 'UTC', SEED_DEMO_DATA: true });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.EVENTSTORE_CONNECTION_STRING).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ EVENTSTORE_CONNECTION_STRING: 'http://localhost:2113' }, 'EVENTSTORE_CONNECTION_STRING'],
    [{ QUOTA_TIMEZONE: 'Mars/Olympus' }, 'QUOTA_TIMEZONE'],
    [{ CHIEF_USERNAME: 'boss', CHIEF_PASSWORD: 'short' }, 'CHIEF_PASSWORD'],
    [{ CHIEF_USERNAME: 'boss' }, 'CHIEF_PASSWORD'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ METRICS_TOKEN: 'too short' }, 'METRICS_TOKEN'],
  ])('stops on a bad value and names the variable: %j', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });

  it('accepts the server mode settings', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://user:pw@db:5432/scb',
      EVENTSTORE_CONNECTION_STRING: 'kurrentdb://eventstore:2113?tls=false',
      QUOTA_TIMEZONE: 'Europe/Paris',
    });
    expect(config.DATABASE_URL).toBe('postgres://user:pw@db:5432/scb');
    expect(config.QUOTA_TIMEZONE).toBe('Europe/Paris');
  });
});
