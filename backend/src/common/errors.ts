import { messages } from '@secretchatbox/contracts';

/**
 * An outcome the client caused or must handle, with its HTTP status. Anything else reaching
 * the error filter is a fault of ours and answers 500.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const validationFailed = (fields: Record<string, string>) =>
  new AppError(400, Object.values(fields)[0] ?? messages.validationFailed, fields);
export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, undefined, retryAfterSeconds);
export const serviceUnavailable = (message: string, retryAfterSeconds = 1) =>
  new AppError(503, message, undefined, retryAfterSeconds);
