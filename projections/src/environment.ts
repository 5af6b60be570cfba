import type { z } from 'zod';

/** A bad configuration: the message names each variable to fix. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * The environment as `schema` reads it, for the server and the projections worker alike: an empty
 * variable counts as unset, and a bad value stops with a ConfigError naming the variable.
 */
export function parseEnvironment<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.infer<S> {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}
