import { prepareValue } from 'pg/lib/utils.js';
import type { Row, Transaction } from './database.js';
import { statementDigest } from './statement-digest.js';

const writeStatement = /^\s*(INSERT|UPDATE|DELETE|SET)\b/i;
const returnsRows = /\bRETURNING\b/i;

/**
 * The statements one connection has prepared for its write buffers. A script that failed may
 * have run some of its PREPAREs and not others: the names then move to a new generation, so that
 * none is prepared twice or executed unprepared.
 */
export class PreparedWrites {
  private generation = 0;
  private readonly prepared = new Set<string>();

  /** The name `sql` has on this connection, and whether it must be prepared first. */
  nameOf(sql: string): { name: string; prepared: boolean } {
    const name = `scb_w${this.generation}_${statementDigest(sql)}`;
    return { name, prepared: this.prepared.has(name) };
  }

  /** Called as a script that prepares `names` is sent. */
  preparing(names: readonly string[]): void {
    for (const name of names) this.prepared.add(name);
  }

  forget(): void {
    this.generation += 1;
    this.prepared.clear();
  }
}

type PendingRead = Readonly<{ resolve(rows: Row[]): void; reject(error: unknown): void }>;
type PendingWrite =
  | string
  | Readonly<{ sql: string; args: string; read?: PendingRead }>
  | Readonly<{ sql: string; bound: readonly unknown[] }>;
type ScriptStatement = Readonly<{ text: string; read?: PendingRead }>;

/** Sends a script of statements (`params` absent) or one statement with bound parameters. */
export type SendStatement = (sql: string, params?: readonly unknown[]) => Promise<unknown>;

/**
 * Past this many characters of arguments, a write goes as a statement of its own with its
 * arguments bound: written into a script as literals, a megabyte of JSON made the server spend
 * about 25 µs more on each of the script's thousands of other statements (it handles the
 * script's whole text for each), and a rebuild of 200,000 events ran at 9,000 events/s instead
 * of 17,000.
 */
const largeArguments = 64 * 1024;

/**
 * Set before a transaction's writes, so that they are planned (and their plans kept) with
 * sequential scans ruled out: they find their rows by key, and a plan made while a table was
 * still small went on scanning it once it had grown (an unlike's DELETE read every row of the
 * likes, dead ones included, 78 µs against 13 for the INSERT it undoes).
 */
const keyedWritePlans = 'SET LOCAL enable_seqscan = off';

/**
 * Collects writes that return nothing and sends them as one multi-statement query, so a
 * transaction of many small writes costs one round trip instead of one per write. A write with
 * parameters goes as `EXECUTE` of a statement the connection prepared once (planning it again
 * for every row cost the server as much as running it), with the values as literals exactly as
 * `pg` would send them as text parameters. A write with large arguments waits with the others
 * and goes in its place between two scripts, with its arguments bound.
 */
export class WriteBuffer {
  private readonly pending: PendingWrite[] = [];

  constructor(
    private readonly send: SendStatement,
    private readonly statements: PreparedWrites,
  ) {}

  /** Takes the statement when it can wait; false means run it now (after `flush`). */
  offer(sql: string, params: readonly unknown[] | undefined): boolean {
    if (!isBufferable(sql)) return false;
    if (!params || params.length === 0) {
      this.pending.push(sql);
      return true;
    }
    const args = params.map(literal).join(', ');
    this.pending.push(args.length > largeArguments ? { sql, bound: params } : { sql, args });
    return true;
  }

  /** Whether a flush now sends one script: none of the writes held has arguments large enough to go alone. */
  goesInOneCall(): boolean {
    return this.pending.every((write) => typeof write === 'string' || !('bound' in write));
  }

  /** Queues a statement without parameters, such as BEGIN or COMMIT, to go with the next script. */
  push(sql: string): void {
    this.pending.push(sql);
  }

  /** Queues a read to go with the next script, in its place among the writes; its rows come with its answer. */
  read<R extends Row>(sql: string, params: readonly unknown[]): Promise<R[]> {
    return new Promise<Row[]>((resolve, reject) => {
      this.pending.push({ sql, args: params.map(literal).join(', '), read: { resolve, reject } });
    }) as Promise<R[]>;
  }

  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    // Names are given now, not when offered: they belong to the connection's current generation.
    const prepare = new Map<string, string>();
    const parts: (ScriptStatement[] | Readonly<{ sql: string; bound: readonly unknown[] }>)[] = [[]];
    let plansSet = false;
    for (const write of this.pending.splice(0)) {
      if (typeof write !== 'string' && 'bound' in write) {
        parts.push(write, []);
        continue;
      }
      const script = parts.at(-1) as ScriptStatement[];
      if (typeof write === 'string') {
        script.push({ text: write });
        continue;
      }
      const { name, prepared } = this.statements.nameOf(write.sql);
      if (!prepared) prepare.set(name, `PREPARE ${name} AS ${write.sql}`);
      if (!plansSet) script.push({ text: keyedWritePlans });
      plansSet = true;
      script.push({ text: `EXECUTE ${name}(${write.args})`, read: write.read });
    }
    (parts[0] as ScriptStatement[]).unshift(...[...prepare.values()].map((text) => ({ text })));
    this.statements.preparing([...prepare.keys()]);
    const reads = parts.flatMap((part) =>
      Array.isArray(part) ? part.flatMap(({ read }) => (read ? [read] : [])) : [],
    );
    try {
      for (const part of parts) {
        if (!Array.isArray(part)) await this.send(part.sql, part.bound);
        else if (part.length > 0) resolveReads(part, await this.send(part.map(({ text }) => text).join(';\n')));
      }
    } catch (error) {
      this.statements.forget();
      for (const read of reads) read.reject(error);
      throw error;
    }
  }
}

/** Hands each read of `script` its rows: one answer per statement, in order (a lone statement's is not in a list). */
function resolveReads(script: readonly ScriptStatement[], answers: unknown): void {
  const results = (Array.isArray(answers) ? answers : [answers]) as ({ rows?: Row[] } | undefined)[];
  script.forEach(({ read }, index) => read?.resolve(results[index]?.rows ?? []));
}

/**
 * A transaction's executor that hands writes returning nothing to `buffer`, and sends what the
 * buffer holds before anything else runs, so that statements still run in the order given.
 */
export function bufferedTransaction(tx: Transaction, buffer: WriteBuffer): Transaction {
  return {
    query: async <R extends Row>(sql: string, params?: readonly unknown[]) => {
      if (buffer.offer(sql, params)) return { rows: [] as R[] };
      await buffer.flush();
      return tx.query<R>(sql, params);
    },
    exec: async (sql: string) => {
      await buffer.flush();
      await tx.exec(sql);
    },
    readWithWrites: <R extends Row>(sql: string, params: readonly unknown[] = []) => buffer.read<R>(sql, params),
  };
}

// The statements are the program's own, a few dozen texts: each is examined once.
const bufferable = new Map<string, boolean>();

function isBufferable(sql: string): boolean {
  let verdict = bufferable.get(sql);
  if (verdict === undefined) {
    verdict = writeStatement.test(sql) && !returnsRows.test(sql);
    bufferable.set(sql, verdict);
  }
  return verdict;
}

function literal(value: unknown): string {
  const prepared = prepareValue(value);
  return prepared === null || prepared === undefined ? 'NULL' : escapeLiteral(String(prepared));
}

/**
 * `pg.escapeLiteral`'s result, built by two replacements instead of a character at a time: that
 * concatenation made a string of each character, and a batch's JSON document (a megabyte and
 * more) spent most of a rebuild's time in the garbage collector.
 */
export function escapeLiteral(text: string): string {
  const quoted = `'${text.replaceAll("'", "''")}'`;
  return text.includes('\\') ? ` E${quoted.replaceAll('\\', '\\\\')}` : quoted;
}
