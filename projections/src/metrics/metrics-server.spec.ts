import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Server } from 'node:http';
import { Counter, Registry } from 'prom-client';
import { closeMetricsServer, createMetricsServer, listenForScrapes } from './metrics-server.js';

describe("the worker's metrics server", () => {
  const token = 'a-metrics-token-0123456789';
  let server: Server;
  let baseUrl = '';
  beforeAll(async () => {
    const registry = new Registry();
    new Counter({ name: 'scb_test_total', help: 'A counter of the test', registers: [registry] }).inc();
    server = createMetricsServer(registry, token);
    const { port } = await listenForScrapes(server, 0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await closeMetricsServer(server);
  });

  it('answers /health with 200 for a health check, without the token', async () => {
    const answer = await fetch(`${baseUrl}/health`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: 'ok' });
  });

  it('serves the registry in the Prometheus text format to the bearer of the token only', async () => {
    expect((await fetch(`${baseUrl}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${baseUrl}/metrics`, { headers: { authorization: 'Bearer not-the-metrics-token' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer');
    const answer = await fetch(`${baseUrl}/metrics?x=1`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await answer.text()).toContain('scb_test_total 1');
  });

  it('answers anything else with 404', async () => {
    expect((await fetch(`${baseUrl}/`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});
