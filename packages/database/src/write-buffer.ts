import pg from 'pg';
import { prepareValue } from 'pg/lib/utils.js';

const writeStatement = /^\s*(INSERT|UPDATE|DELETE|SET)\b/i;
// Placeholders are replaced by literals, so the text itself must hold no literal, comment or
// dollar quote in which a "$1" could hide; statements with any of those are not buffered.
const unsafeText = /'|--|\/\*|\$(?!\d)|\bRETURNING\b/i;

/**
 * Collects writes that return nothing and sends them as one multi-statement query, so a
 * transaction of many small writes costs one round trip instead of one per write. Values become
 * literals exactly as `pg` would send them as text parameters.
 */
export class WriteBuffer {
  private readonly pending: string[] = [];

  constructor(private readonly send: (sql: string) => Promise<unknown>) {}

  /** Takes the statement when it can wait; false means run it now (after `flush`). */
  offer(sql: string, params: readonly unknown[] | undefined): boolean {
    if (!writeStatement.test(sql) || unsafeText.test(sql)) return false;
    this.pending.push(sql.replace(/\$(\d+)/g, (_, index: string) => literal(params?.[Number(index) - 1])));
    return true;
  }

  /** Queues a statement without parameters, such as BEGIN or COMMIT, to go with the next script. */
  push(sql: string): void {
    this.pending.push(sql);
  }

  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const script = this.pending.splice(0).join(';\n');
    await this.send(script);
  }
}

function literal(value: unknown): string {
  const prepared = prepareValue(value);
  return prepared === null || prepared === undefined ? 'NULL' : pg.escapeLiteral(String(prepared));
}
