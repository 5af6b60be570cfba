export declare function findNginx(env?: Record<string, string | undefined>): string | null;
