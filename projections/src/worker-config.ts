import { z } from 'zod';
import { parseEnvironment } from './environment.js';
import { logLevelSchema } from './log-level.js';
import { metricsTokenSchema } from './metrics/metrics-token.js';
import { storageConfigSchema } from './storage.js';

/** Every environment variable the projections worker reads; README documents each one. */
export const workerConfigSchema = storageConfigSchema.extend({
  /** Where the worker answers `/metrics` and `/health`: it has no other HTTP. 0 takes any free port. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /** Loopback unless told: `/metrics` is open to whoever reaches it while METRICS_TOKEN is unset. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOKEN: metricsTokenSchema.optional(),
  LOG_LEVEL: logLevelSchema,
});
export type WorkerConfig = z.infer<typeof workerConfigSchema>;

/** Parses the environment as the server does: an empty variable is unset, a bad one named. */
export const loadWorkerConfig = (env: NodeJS.ProcessEnv): WorkerConfig => parseEnvironment(workerConfigSchema, env);
