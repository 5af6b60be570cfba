import { describe, expect, it } from '@jest/globals';
import { METHOD_METADATA, PATH_METADATA, HTTP_CODE_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import { endpoints, type LikeResult, type ReportReceived } from '@secretchatbox/contracts';
import { Route } from './route.js';

class Handlers {
  @Route(endpoints.likeConfession)
  like(): Promise<LikeResult> {
    return Promise.resolve({ liked: true, likes: 1 });
  }

  // @ts-expect-error: a handler answering another shape than its endpoint's does not typecheck
  @Route(endpoints.likeConfession)
  likeAnsweringAReport(): Promise<ReportReceived> {
    return Promise.resolve({ status: 'received' });
  }
}

describe('Route', () => {
  it("maps a handler to its endpoint's method, path and success status", () => {
    const handler = Handlers.prototype.like;
    expect(Reflect.getMetadata(PATH_METADATA, handler)).toBe(endpoints.likeConfession.path);
    expect(Reflect.getMetadata(METHOD_METADATA, handler)).toBe(RequestMethod.POST);
    expect(Reflect.getMetadata(HTTP_CODE_METADATA, handler)).toBe(endpoints.likeConfession.status);
  });
});
