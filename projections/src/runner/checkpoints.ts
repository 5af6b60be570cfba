import type { SqlExecutor } from '@secretchatbox/database';
import type { Position } from '@secretchatbox/event-store';

export type Checkpoint = Readonly<{ position: Position; recordedAt: Date }>;

type CheckpointRow = { name: string; commit_position: string; prepare_position: string; recorded_at: Date | string };

export async function readCheckpoints(db: SqlExecutor, names: readonly string[]): Promise<Map<string, Checkpoint>> {
  const { rows } = await db.query<CheckpointRow>(
    `SELECT name, commit_position::text, prepare_position::text, recorded_at
       FROM read_model.projection_checkpoints WHERE name = ANY($1::text[])`,
    [names],
  );
  return new Map(
    rows.map((row) => [
      row.name,
      {
        position: { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) },
        recordedAt: new Date(row.recorded_at),
      },
    ]),
  );
}

/** Moves the checkpoints of `names` to one place in the log, in one statement. */
export async function saveCheckpoints(
  tx: SqlExecutor,
  names: readonly string[],
  checkpoint: Checkpoint,
): Promise<void> {
  await tx.query(
    `INSERT INTO read_model.projection_checkpoints (name, commit_position, prepare_position, recorded_at, updated_at)
     SELECT name, $2::numeric, $3::numeric, $4, now() FROM unnest($1::text[]) AS name
     ON CONFLICT (name) DO UPDATE
       SET commit_position = EXCLUDED.commit_position, prepare_position = EXCLUDED.prepare_position,
           recorded_at = EXCLUDED.recorded_at, updated_at = now()`,
    [names, String(checkpoint.position.commit), String(checkpoint.position.prepare), checkpoint.recordedAt],
  );
}
