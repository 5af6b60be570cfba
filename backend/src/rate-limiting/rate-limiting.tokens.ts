export const RATE_LIMIT_STORE = Symbol('RateLimitStore');
