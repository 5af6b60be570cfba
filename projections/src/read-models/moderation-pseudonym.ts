/**
 * Turns a visitor's public session id into the author id moderators see: a keyed hash that only
 * the server, holding the key, can work out. The read models keep session ids (the figures
 * count active visitors by them); moderators' lists pass each through this, so that a moderator
 * cannot link an author to the session id that chat and direct messages show.
 */
export type ModerationPseudonymOf = (sessionId: string) => string;
