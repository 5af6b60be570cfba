import { randomUUID } from 'node:crypto';
import { type ServerDuplexStream, type ServerWritableStream, status as GrpcStatus } from '@grpc/grpc-js';
import shared from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/shared_pb.js';
import type { IStreamsServer } from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_grpc_pb.js';
import streams from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_pb.js';
import emptyMessages from 'google-protobuf/google/protobuf/empty_pb.js';
import {
  failedPrecondition,
  readEventResponse,
  send,
  streamIdentifier,
  streamNameOf,
  uuidToString,
} from './grpc-messages.js';
import type { ExpectedState, InMemoryLog, LogPosition, ProposedEvent, StoredEvent } from './in-memory-log.js';

type ReadRequest = InstanceType<typeof streams.ReadReq>;
type ReadResponse = InstanceType<typeof streams.ReadResp>;
type ReadOptions = InstanceType<typeof streams.ReadReq.Options>;
type BatchRequest = InstanceType<typeof streams.BatchAppendReq>;
type BatchResponse = InstanceType<typeof streams.BatchAppendResp>;

/** The v1 Streams service's calls the client makes for the adapter: Read and BatchAppend. */
export function streamsService(log: InMemoryLog) {
  const implementation: Pick<IStreamsServer, 'read' | 'batchAppend'> = {
    read(call) {
      const options = call.request.getOptions()!;
      const work = options.hasSubscription() ? subscribeToAll(call, log, options) : read(call, log, options);
      work.then(
        () => call.end(),
        (error: Error) => call.emit('error', { code: GrpcStatus.INTERNAL, details: error.message }),
      );
    },
    batchAppend(call) {
      batchAppend(call, log);
    },
  };
  return implementation;
}

async function read(call: ServerWritableStream<ReadRequest, ReadResponse>, log: InMemoryLog, options: ReadOptions) {
  const backwards = options.getReadDirection() === streams.ReadReq.Options.ReadDirection.BACKWARDS;
  let events: StoredEvent[];
  if (options.hasStream()) {
    const stream = options.getStream()!;
    const streamId = streamNameOf(stream.getStreamIdentifier());
    const start = stream.hasRevision() ? BigInt(stream.getRevision()) : stream.hasEnd() ? 'end' : 'start';
    const found = log.readStream(streamId, backwards, start);
    if (!found) {
      const notFound = new streams.ReadResp.StreamNotFound().setStreamIdentifier(streamIdentifier(streamId));
      return send(call, new streams.ReadResp().setStreamNotFound(notFound));
    }
    events = found;
  } else {
    events = log.readAll(backwards, allStart(options.getAll()!)).filter(filterOf(options));
  }
  for (const event of events.slice(0, Number(options.getCount()))) {
    if (call.cancelled) return;
    await send(call, readEventResponse(event));
  }
}

/** Confirms, catches up from after the start, says so, then follows the log until cancelled. */
async function subscribeToAll(
  call: ServerWritableStream<ReadRequest, ReadResponse>,
  log: InMemoryLog,
  options: ReadOptions,
) {
  if (!options.hasAll()) throw new Error('This test server subscribes to $all only');
  const accepts = filterOf(options);
  const start = allStart(options.getAll()!);
  // A subscription starts after its position, unlike a read.
  let next = start === 'start' ? 0 : start === 'end' ? log.length : log.countUpTo(start);
  let wake: (() => void) | null = null;
  const stopListening = log.onAppend(() => wake?.());
  call.on('cancelled', () => wake?.());
  try {
    const confirmation = new streams.ReadResp.SubscriptionConfirmation().setSubscriptionId(randomUUID());
    await send(call, new streams.ReadResp().setConfirmation(confirmation));
    let caughtUp = false;
    while (!call.cancelled) {
      const events = log.eventsFrom(next);
      next += events.length;
      for (const event of events.filter(accepts)) {
        if (call.cancelled) return;
        await send(call, readEventResponse(event));
      }
      if (!caughtUp) {
        caughtUp = true;
        await send(call, new streams.ReadResp().setCaughtUp(new streams.ReadResp.CaughtUp()));
      }
      await new Promise<void>((resolve) => {
        if (call.cancelled || log.length > next) resolve();
        else wake = resolve;
      });
      wake = null;
    }
  } finally {
    stopListening();
  }
}

function allStart(all: InstanceType<typeof streams.ReadReq.Options.AllOptions>): 'start' | 'end' | LogPosition {
  if (all.hasEnd()) return 'end';
  if (!all.hasPosition()) return 'start';
  const position = all.getPosition()!;
  return { commit: BigInt(position.getCommitPosition()), prepare: BigInt(position.getPreparePosition()) };
}

/** The adapter filters on event types by a regular expression; no other filter is served. */
function filterOf(options: ReadOptions): (event: StoredEvent) => boolean {
  const expression = options.getFilter()?.getEventType();
  if (!options.hasFilter()) return () => true;
  if (!expression?.getRegex()) throw new Error('This test server filters on event types by regex only');
  const regex = new RegExp(expression.getRegex());
  return (event) => regex.test(event.type);
}

type PendingBatch = { streamId: string; expected: ExpectedState; events: ProposedEvent[] };
type BatchOptions = InstanceType<typeof streams.BatchAppendReq.Options>;

/** Appends arrive as batches tagged with a correlation id; the last one of an append is final. */
function batchAppend(call: ServerDuplexStream<BatchRequest, BatchResponse>, log: InMemoryLog) {
  const pending = new Map<string, PendingBatch>();
  call.on('data', (request: BatchRequest) => {
    const correlationId = uuidToString(request.getCorrelationId());
    const options = request.getOptions();
    const batch = pending.get(correlationId) ?? {
      streamId: streamNameOf(options?.getStreamIdentifier()),
      expected: options ? expectedStateOf(options) : 'any',
      events: [],
    };
    batch.events.push(...request.getProposedMessagesList().map(proposedEvent));
    if (!request.getIsFinal()) {
      pending.set(correlationId, batch);
      return;
    }
    pending.delete(correlationId);
    call.write(batchResponse(request, batch, log));
  });
  call.on('end', () => call.end());
}

function batchResponse(request: BatchRequest, batch: PendingBatch, log: InMemoryLog): BatchResponse {
  const response = new streams.BatchAppendResp()
    .setCorrelationId(request.getCorrelationId())
    .setStreamIdentifier(streamIdentifier(batch.streamId));
  const outcome = log.append([{ streamId: batch.streamId, expected: batch.expected, events: batch.events }]);
  if (outcome.kind === 'conflict') {
    const details = new shared.WrongExpectedVersion();
    if (outcome.actual === 'no_stream') details.setCurrentNoStream(new emptyMessages.Empty());
    else details.setCurrentStreamRevision(outcome.actual.toString());
    if (outcome.expected === 'no_stream') details.setExpectedNoStream(new emptyMessages.Empty());
    else if (outcome.expected === 'stream_exists') details.setExpectedStreamExists(new emptyMessages.Empty());
    else if (outcome.expected === 'any') details.setExpectedAny(new emptyMessages.Empty());
    else details.setExpectedStreamPosition(outcome.expected.toString());
    return response.setError(
      failedPrecondition(
        `Append failed due to WrongExpectedVersion. Stream: ${batch.streamId}`,
        'event_store.client.WrongExpectedVersion',
        details.serializeBinary(),
      ),
    );
  }
  const [written] = outcome.streams;
  const success = new streams.BatchAppendResp.Success().setCurrentRevision(written!.revision.toString());
  if (written!.position) {
    const { commit, prepare } = written!.position;
    success.setPosition(
      new shared.AllStreamPosition().setCommitPosition(commit.toString()).setPreparePosition(prepare.toString()),
    );
  } else {
    success.setNoPosition(new emptyMessages.Empty());
  }
  return response.setSuccess(success);
}

function expectedStateOf(options: BatchOptions): ExpectedState {
  if (options.hasStreamPosition()) return BigInt(options.getStreamPosition());
  if (options.hasNoStream()) return 'no_stream';
  if (options.hasStreamExists()) return 'stream_exists';
  return 'any';
}

function proposedEvent(message: InstanceType<typeof streams.BatchAppendReq.ProposedMessage>): ProposedEvent {
  const metadata = message.getMetadataMap();
  return {
    id: uuidToString(message.getId()),
    type: metadata.get('type') ?? '',
    contentType: metadata.get('content-type') ?? 'application/octet-stream',
    data: message.getData_asU8(),
    metadata: message.getCustomMetadata_asU8(),
  };
}
