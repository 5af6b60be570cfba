import { testDatabaseTargets, reportSkippedServerSuites } from '@secretchatbox/database/testing';
import { PostgresEventStore } from '../src/index.js';
import { KurrentDbEventStore } from '../src/kurrentdb/kurrentdb-event-store.js';
import { describeEventStoreContract } from '../src/testing/index.js';
import { startKurrentDbTestServer } from '../src/testing/kurrentdb/kurrentdb-test-server.js';

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

describeEventStoreContract({
  name: 'KurrentDB adapter, through the official client over gRPC to the test server',
  async open() {
    const server = await startKurrentDbTestServer();
    const store = KurrentDbEventStore.connect(server.connectionString);
    return {
      store,
      async dispose() {
        await store.close();
        server.close();
      },
    };
  },
});

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
