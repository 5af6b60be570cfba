import {
  ConfigError,
  logLevelSchema,
  metricsTokenSchema,
  parseEnvironment,
  storageConfigSchema,
} from '@secretchatbox/projections';
import { limits } from '@secretchatbox/contracts';
import { z } from 'zod';

const timeZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, 'must be an IANA time zone such as UTC or Europe/Paris');

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Every environment variable the server reads; README documents each one. */
export const appConfigSchema = storageConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: logLevelSchema,
  QUOTA_TIMEZONE: timeZone.default('UTC'),
  CHIEF_USERNAME: z.string().trim().min(3).max(50).optional(),
  CHIEF_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_SESSION_HOURS: z.coerce.number().positive().max(720).default(12),
  READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(5000),
  READY_MAX_LAG_MS: z.coerce.number().int().min(0).default(10000),
  SEED_DEMO_DATA: flag.default(true),
  RUN_PROJECTIONS: flag.default(true),
  AUTO_HIDE_REPORTS: z.coerce.number().int().min(1).default(limits.autoHideReports),
  NETWORK_CONFESSION_LIMIT: z.coerce.number().int().min(1).default(limits.dailyConfessionsPerNetwork),
  DIRECT_MESSAGE_DAILY_LIMIT: z.coerce.number().int().min(1).default(limits.dailyDirectMessages),
  FRONTEND_DIST: z.string().optional(),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Redis mode: socket.io instances joined, presence and per-network limits shared. */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,40}$/, 'must be 1 to 40 letters, digits, dots, dashes or underscores')
    .default('scb'),
  /** socket.io connections one instance holds; unset, 5,000 or fewer to fit under the open-file limit. */
  SOCKET_MAX_CONNECTIONS: z.coerce.number().int().min(1).optional(),
  /** socket.io connections one network (the rate limits' network identity) holds on one instance. */
  SOCKETS_PER_NETWORK: z.coerce.number().int().min(1).default(200),
  /** When set, `/metrics` answers only `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: metricsTokenSchema.optional(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export { ConfigError };

/** Parses the environment; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv): AppConfig {
  const config = parseEnvironment(appConfigSchema, env);
  if (Boolean(config.CHIEF_USERNAME) !== Boolean(config.CHIEF_PASSWORD)) {
    throw new ConfigError('Invalid configuration: CHIEF_USERNAME and CHIEF_PASSWORD must be set together');
  }
  return config;
}
