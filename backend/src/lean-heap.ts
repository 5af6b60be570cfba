import { setFlagsFromString } from 'node:v8';

/**
 * Has V8 collect the old generation once it has grown a fifth past what its last full collection
 * kept, rather than letting it grow to several times that first: the server's caches churn, and
 * with V8's default a loaded embedded server held 525 to 560 MB where it now holds about 320
 * (docs/decisions/027-a-lean-server-heap.md). V8 reads this flag whenever it sizes the heap, so
 * the process can set it as it starts.
 *
 * In embedded mode, where PostgreSQL runs in this process too, V8 also favours memory over speed
 * (`--optimize-for-size`): about 50 MB less after the bench's load, for writes about a tenth
 * slower. A server mode's instance keeps V8's speed: its database runs elsewhere.
 */
export function keepHeapLean({ embedded }: Readonly<{ embedded: boolean }>): void {
  setFlagsFromString('--heap-growing-percent=20');
  if (embedded) setFlagsFromString('--optimize-for-size');
}
