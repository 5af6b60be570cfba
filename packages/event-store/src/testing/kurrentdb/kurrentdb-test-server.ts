/**
 * A gRPC server that answers the calls the official KurrentDB client makes for our adapter, so
 * that the adapter's tests run the real client over real gRPC on localhost. It is built from the
 * service and message definitions the client package generated from KurrentDB's .proto files,
 * and keeps its events in memory:
 *
 * - ServerFeatures.GetSupportedMethods, which the client asks first, to choose its calls;
 * - Streams.BatchAppend (append to one stream), with the wrong-expected-version refusal;
 * - Streams.Read: read a stream (or say it is not found), read $all, subscribe to $all;
 * - v2 StreamsService.AppendSession (append to several streams at once), with the revision
 *   conflict refusal. It can be left out, as on a server older than KurrentDB 25.1.
 *
 * It cannot prove KurrentDB's own semantics (ordering under load, idempotency rules, what the
 * server stores for v2 record properties): it shows that the adapter speaks the protocol as this
 * server expects it. The same contract suite runs against a real KurrentDB when
 * EVENTSTORE_CONNECTION_STRING is set (docs/testing.md).
 */
import { type AddressInfo, createServer } from 'node:net';
import {
  type MethodDefinition,
  Server,
  ServerCredentials,
  type ServiceDefinition,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import serverFeaturesGrpc from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/serverfeatures_grpc_pb.js';
import serverFeatures from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/serverfeatures_pb.js';
import streamsGrpc from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_grpc_pb.js';
import streamsV2Grpc from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v2/streams/streams_grpc_pb.js';
import { InMemoryLog } from './in-memory-log.js';
import { multiStreamAppendService } from './multi-stream-append-service.js';
import { streamsService } from './streams-service.js';

export type KurrentDbTestServer = Readonly<{
  /** For KurrentDbEventStore.connect: insecure, single node, on 127.0.0.1. */
  connectionString: string;
  log: InMemoryLog;
  /** Stops at once, cutting every call and connection, as a crashed server would. */
  close(): void;
}>;

export async function startKurrentDbTestServer(
  options: Readonly<{ multiStreamAppend?: boolean }> = {},
): Promise<KurrentDbTestServer> {
  const log = new InMemoryLog();
  const server = new Server();
  const served: MethodDefinition<unknown, unknown>[] = [];
  const serve = <T extends UntypedServiceImplementation>(service: ServiceDefinition, implementation: T) => {
    server.addService(service, implementation);
    for (const name of Object.keys(implementation)) served.push(service[name]!);
  };

  serve(streamsGrpc.StreamsService, streamsService(log));
  if (options.multiStreamAppend ?? true) serve(streamsV2Grpc.StreamsServiceService, multiStreamAppendService(log));
  server.addService(serverFeaturesGrpc.ServerFeaturesService, {
    getSupportedMethods(_call: unknown, respond: (error: null, answer: unknown) => void) {
      respond(null, supportedMethods(served));
    },
  });

  // Our own listener, so that replies leave at once, as a real server's do: grpc-js's listener
  // leaves Nagle's algorithm on, and reads through the client's native reader then waited
  // for delayed ACKs, about 40 ms at a time.
  const connections = server.createConnectionInjector(ServerCredentials.createInsecure());
  const listener = createServer({ noDelay: true }, (socket) => connections.injectConnection(socket));
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as AddressInfo;
  return {
    connectionString: `kurrentdb://127.0.0.1:${port}?tls=false`,
    log,
    close() {
      listener.close();
      server.forceShutdown();
    },
  };
}

/** The methods this server implements, named as the client looks them up: by their gRPC path. */
function supportedMethods(served: readonly MethodDefinition<unknown, unknown>[]) {
  const methods = served.map(({ path }) => {
    const [, serviceName, methodName] = path.split('/');
    return new serverFeatures.SupportedMethod().setServiceName(serviceName!).setMethodName(methodName!);
  });
  return new serverFeatures.SupportedMethods().setMethodsList(methods).setEventStoreServerVersion('25.1.0');
}
