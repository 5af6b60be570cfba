import { z } from 'zod';

/** LOG_LEVEL, of the server and of the projections worker alike (pino's levels). */
export const logLevelSchema = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');
