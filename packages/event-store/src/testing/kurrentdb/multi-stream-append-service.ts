import { Metadata, status as GrpcStatus } from '@grpc/grpc-js';
import errors from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v2/streams/errors_pb.js';
import type { IStreamsServiceServer } from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v2/streams/streams_grpc_pb.js';
import streams from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v2/streams/streams_pb.js';
import { failedPrecondition } from './grpc-messages.js';
import type { ExpectedState, InMemoryLog, ProposedEvent, StreamAppendRequest } from './in-memory-log.js';

type AppendRequest = InstanceType<typeof streams.AppendRequest>;

/** The v2 StreamsService's AppendSession: the requests of one call are appended atomically. */
export function multiStreamAppendService(log: InMemoryLog) {
  const implementation: Pick<IStreamsServiceServer, 'appendSession'> = {
    appendSession(call, respond) {
      const requests: StreamAppendRequest[] = [];
      call.on('data', (request: AppendRequest) => requests.push(appendRequest(request)));
      call.on('end', () => {
        const outcome = log.append(requests);
        if (outcome.kind === 'conflict') {
          const expected = revisionNumber(outcome.expected);
          const actual = outcome.actual === 'no_stream' ? '-1' : outcome.actual.toString();
          const details = new errors.StreamRevisionConflictErrorDetails()
            .setStream(outcome.streamId)
            .setExpectedRevision(expected)
            .setActualRevision(actual);
          const message = `Stream ${outcome.streamId}: expected revision ${expected}, actual ${actual}`;
          const status = failedPrecondition(
            message,
            'kurrentdb.protocol.v2.streams.errors.StreamRevisionConflictErrorDetails',
            details.serializeBinary(),
          );
          const metadata = new Metadata();
          metadata.set('grpc-status-details-bin', Buffer.from(status.serializeBinary()));
          respond({ code: GrpcStatus.FAILED_PRECONDITION, details: message, metadata });
          return;
        }
        const output = outcome.streams.map(({ streamId, revision, position }) => {
          const response = new streams.AppendResponse().setStream(streamId).setStreamRevision(revision.toString());
          return position ? response.setPosition(position.prepare.toString()) : response;
        });
        const last = outcome.streams.findLast(({ position }) => position)?.position;
        respond(
          null,
          new streams.AppendSessionResponse().setOutputList(output).setPosition((last?.prepare ?? -1n).toString()),
        );
      });
    },
  };
  return implementation;
}

// The protocol's expected revisions: a revision, or one of these sentinels.
const sentinels = { no_stream: -1n, any: -2n, stream_exists: -4n } as const;

function revisionNumber(expected: ExpectedState): string {
  return (typeof expected === 'bigint' ? expected : sentinels[expected]).toString();
}

function appendRequest(request: AppendRequest): StreamAppendRequest {
  const revision = request.hasExpectedRevision() ? BigInt(request.getExpectedRevision()!) : sentinels.any;
  const sentinel = Object.entries(sentinels).find(([, value]) => value === revision)?.[0] as ExpectedState | undefined;
  return {
    streamId: request.getStream(),
    expected: sentinel ?? revision,
    events: request.getRecordsList().map(proposedEvent),
  };
}

/**
 * A record's properties become the event's metadata, one JSON object of their values; its
 * schema gives the event type and content type.
 */
function proposedEvent(record: InstanceType<typeof streams.AppendRecord>): ProposedEvent {
  const properties = Object.fromEntries(
    record
      .getPropertiesMap()
      .getEntryList()
      .map(([key]) => [key, record.getPropertiesMap().get(key)!.toJavaScript()]),
  );
  const json = record.getSchema()?.getFormat() === streams.SchemaFormat.SCHEMA_FORMAT_JSON;
  return {
    id: (record.getRecordId() ?? '').toLowerCase(),
    type: record.getSchema()?.getName() ?? '',
    contentType: json ? 'application/json' : 'application/octet-stream',
    data: record.getData_asU8(),
    metadata: new TextEncoder().encode(JSON.stringify(properties)),
  };
}
