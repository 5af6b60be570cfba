import { describe, expect, it } from '@jest/globals';
import { PgliteDatabase } from './pglite-database.js';
import { pgliteTemplate } from './testing/templates.js';

describe('a PGlite database', () => {
  it('runs with small shared buffers, a bounded WAL and no full-page images', async () => {
    const db = await PgliteDatabase.open({ dump: await pgliteTemplate([]) });
    try {
      const setting = async (name: string) => Object.values((await db.query(`SHOW ${name}`)).rows[0]!)[0];
      expect(await setting('shared_buffers')).toBe('16MB');
      expect(await setting('max_wal_size')).toBe('64MB');
      expect(await setting('min_wal_size')).toBe('32MB');
      expect(await setting('full_page_writes')).toBe('off');
    } finally {
      await db.close();
    }
  });
});
