/** Injection tokens of the ports the features depend on. */
export const APP_CONFIG = Symbol('AppConfig');
export const DATABASE = Symbol('Database');
export const EVENT_STORE = Symbol('EventStore');
export const CLOCK = Symbol('Clock');
export const PASSWORD_HASHER = Symbol('PasswordHasher');
/** The Redis connections of Redis mode, or null. */
export const REDIS = Symbol('Redis');
