import { describe, expect, it } from '@jest/globals';
import { ConfigError } from './environment.js';
import { loadWorkerConfig } from './worker-config.js';

describe('the worker configuration', () => {
  it('serves its metrics on the loopback interface only, port 9464, without a token, by default', () => {
    expect(loadWorkerConfig({ METRICS_TOKEN: '' })).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '127.0.0.1' });
    expect(loadWorkerConfig({}).METRICS_TOKEN).toBeUndefined();
  });

  it('takes a port, a host and a token', () => {
    const config = loadWorkerConfig({
      METRICS_PORT: '9100',
      METRICS_HOST: '0.0.0.0',
      METRICS_TOKEN: 'a-metrics-token-0123456789',
    });
    expect(config).toMatchObject({ METRICS_PORT: 9100, METRICS_HOST: '0.0.0.0' });
  });

  it.each([
    [{ METRICS_PORT: 'ninety' }, 'METRICS_PORT'],
    [{ METRICS_PORT: '70000' }, 'METRICS_PORT'],
    [{ METRICS_TOKEN: 'too short' }, 'METRICS_TOKEN'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
  ])('stops on a bad value and names the variable: %j', (env, variable) => {
    expect(() => loadWorkerConfig(env)).toThrow(ConfigError);
    expect(() => loadWorkerConfig(env)).toThrow(variable);
  });
});
