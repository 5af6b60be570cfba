import type { ServerWritableStream } from '@grpc/grpc-js';
import codes from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/code_pb.js';
import shared from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/shared_pb.js';
import statusMessages from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/status_pb.js';
import streams from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_pb.js';
import anyMessages from 'google-protobuf/google/protobuf/any_pb.js';
import type { StoredEvent } from './in-memory-log.js';

/** .NET ticks (100 ns) between 0001-01-01 and the Unix epoch: the unit of an event's `created`. */
const ticksAtUnixEpoch = 621_355_968_000_000_000n;

/** The client sends and asks for UUIDs in their string form (not the structured one). */
export function uuidToString(uuid: InstanceType<typeof shared.UUID> | undefined): string {
  return uuid?.getString().toLowerCase() ?? '';
}

export function streamIdentifier(streamId: string): InstanceType<typeof shared.StreamIdentifier> {
  return new shared.StreamIdentifier().setStreamName(new TextEncoder().encode(streamId));
}

export function streamNameOf(identifier: InstanceType<typeof shared.StreamIdentifier> | undefined): string {
  return Buffer.from(identifier?.getStreamName_asU8() ?? []).toString('utf8');
}

export function readEventResponse(event: StoredEvent): InstanceType<typeof streams.ReadResp> {
  const recorded = new streams.ReadResp.ReadEvent.RecordedEvent()
    .setId(new shared.UUID().setString(event.id))
    .setStreamIdentifier(streamIdentifier(event.streamId))
    .setStreamRevision(event.revision.toString())
    .setCommitPosition(event.position.commit.toString())
    .setPreparePosition(event.position.prepare.toString())
    .setData(event.data)
    .setCustomMetadata(event.metadata);
  recorded
    .getMetadataMap()
    .set('type', event.type)
    .set('content-type', event.contentType)
    .set('created', (BigInt(event.created.getTime()) * 10_000n + ticksAtUnixEpoch).toString());
  const read = new streams.ReadResp.ReadEvent().setEvent(recorded).setCommitPosition(event.position.commit.toString());
  return new streams.ReadResp().setEvent(read);
}

/** A google.rpc.Status refusing an append, with its reason as one detail message. */
export function failedPrecondition(
  message: string,
  typeName: string,
  detail: Uint8Array,
): InstanceType<typeof statusMessages.Status> {
  const any = new anyMessages.Any();
  any.pack(detail, typeName);
  return new statusMessages.Status().setCode(codes.Code.FAILED_PRECONDITION).setMessage(message).setDetails(any);
}

/** Writes one message, waiting while the client is slower than the server (or gone). */
export function send<T>(call: ServerWritableStream<unknown, T>, message: T): Promise<void> {
  if (call.cancelled || call.write(message)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      call.off('drain', done);
      call.off('cancelled', done);
      resolve();
    };
    call.on('drain', done);
    call.on('cancelled', done);
  });
}
