import { testDatabaseTargets, reportSkippedServerSuites } from '@secretchatbox/database/testing';
import { PostgresEventStore } from '../src/index.js';
import { describeEventStoreContract } from '../src/testing/index.js';

reportSkippedServerSuites('the event-store contract');

for (const target of testDatabaseTargets()) {
  describeEventStoreContract({
    name: `PostgreSQL adapter on ${target.name}`,
    async open() {
      const { db, dispose } = await target.create();
      const store = await PostgresEventStore.open(db);
      return {
        store,
        async dispose() {
          await store.close();
          await dispose();
        },
      };
    },
  });
}
