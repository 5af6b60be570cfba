import { setFlagsFromString } from 'node:v8';
import type { INestApplication } from '@nestjs/common';

/**
 * Has V8 collect the old generation once it has grown a fifth past what its last full collection
 * kept, rather than letting it grow to several times that first: the server's caches churn, and
 * with V8's default a loaded embedded server held 525 to 560 MB where it now holds about 320
 * (docs/decisions/027-a-lean-server-heap.md). V8 reads this flag whenever it sizes the heap, so
 * the process can set it while it runs.
 *
 * In embedded mode, where PostgreSQL runs in this process too, V8 also favours memory over speed
 * (`--optimize-for-size`): about 50 MB less after the bench's load, for writes about a tenth
 * slower. A server mode's instance keeps V8's speed: its database runs elsewhere.
 */
function keepHeapLean({ embedded }: Readonly<{ embedded: boolean }>): void {
  setFlagsFromString('--heap-growing-percent=20');
  if (embedded) setFlagsFromString('--optimize-for-size');
}

/**
 * Has `app` listen, and only then keeps the heap lean: set while the server starts, these flags
 * made V8 collect about 30 times instead of 12, 0.1 to 0.15 s of an embedded start. `databaseUrl`
 * is the configuration's: absent in embedded mode.
 */
export async function listenWithLeanHeap(
  app: INestApplication,
  { port, host, databaseUrl }: Readonly<{ port: number; host: string; databaseUrl: string | undefined }>,
): Promise<void> {
  await app.listen(port, host);
  keepHeapLean({ embedded: databaseUrl === undefined });
}
