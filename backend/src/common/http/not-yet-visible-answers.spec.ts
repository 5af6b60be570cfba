import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { messages } from '@secretchatbox/contracts';
import fastify from 'fastify';
import { SavedNotYetVisible } from '../event-sourcing/write-answers.js';
import { notYetVisibleAs202 } from './not-yet-visible-answers.js';

describe('notYetVisibleAs202', () => {
  const server = fastify().addHook('preSerialization', notYetVisibleAs202);
  let url = '';
  /** What the write's handler answers. */
  let handlerAnswer: unknown;
  const write = () => fetch(`${url}/write`, { method: 'POST' });

  beforeAll(async () => {
    // As Nest does: the route's own status is set before its handler answers.
    server.post('/write', async (_request, reply) => reply.code(201).send(handlerAnswer));
    url = await server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => server.close());

  it('sends a write that is not yet visible as a 202 with what is known, its message and its position', async () => {
    handlerAnswer = new SavedNotYetVisible({ id: 'a1' }, { commit: 42n, prepare: 7n });
    const answer = await write();
    expect(answer.status).toBe(202);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await answer.text()).toBe(
      JSON.stringify({ id: 'a1', statusCode: 202, message: messages.savedNotYetVisible, position: '42/7' }),
    );
  });

  it('leaves every other answer as its route gives it', async () => {
    handlerAnswer = { id: 'a1', status: 'pending' };
    const answer = await write();
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ id: 'a1', status: 'pending' });
  });
});
