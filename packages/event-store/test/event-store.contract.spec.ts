import { testDatabaseTargets, reportSkippedServerSuites } from '@secretchatbox/database/testing';
import { KurrentDbEventStore, PostgresEventStore } from '../src/index.js';
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

const eventStoreConnectionString = process.env.EVENTSTORE_CONNECTION_STRING;
if (eventStoreConnectionString) {
  describeEventStoreContract({
    name: 'KurrentDB adapter',
    async open() {
      const store = KurrentDbEventStore.connect(eventStoreConnectionString);
      await store.ping();
      return { store, dispose: () => store.close() };
    },
  });
} else {
  console.warn('[skipped] the event-store contract on KurrentDB: EVENTSTORE_CONNECTION_STRING is not set.');
}
