import { config } from 'zod';

// The server's Content-Security-Policy forbids eval. Without this, zod probes for it with
// `new Function` as it builds the contracts' schemas, which the browser reports as a violation
// although zod catches the error. main.tsx imports this first, so it runs before any schema is built.
config({ jitless: true });
