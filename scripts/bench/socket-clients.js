import { performance } from 'node:perf_hooks';
import { socketEvents } from '@secretchatbox/contracts';
import WebSocket from 'ws';

/**
 * A socket.io client that speaks just enough of the protocol (engine.io 4 over a WebSocket,
 * socket.io 5 packets) for the fan-out measurement: connect with a token, join a room with an
 * acknowledgement, answer pings, and hand each event to `onEvent(name, payload, receivedAt)`;
 * from `localAddress` when given (on loopback, any 127.x.y.z: a network of its own).
 * socket.io-client costs several times as much CPU per message, and a thousand of them in the
 * load generator would take the cores the servers need.
 */
export function connectSocket(baseUrl, token, onEvent, { localAddress } = {}) {
  const url = new URL('/socket.io/?EIO=4&transport=websocket', baseUrl.replace(/^http/, 'ws'));
  const ws = new WebSocket(url, { perMessageDeflate: false, localAddress });
  const acks = new Map();
  let nextAck = 1;
  return new Promise((resolve, reject) => {
    const socket = {
      /** Emits `name` with `payload` and resolves with the acknowledgement's first argument. */
      request(name, payload) {
        const id = nextAck++;
        return new Promise((answer) => {
          acks.set(id, answer);
          ws.send(`42${id}${JSON.stringify([name, payload])}`);
        });
      },
      close: () => ws.terminate(),
    };
    ws.on('error', reject);
    ws.on('message', (data) => {
      const receivedAt = performance.timeOrigin + performance.now();
      const text = data.toString();
      if (text === '2') return ws.send('3');
      if (text.startsWith('0')) return ws.send(`40${JSON.stringify({ token })}`);
      if (text.startsWith('40')) return resolve(socket);
      if (text.startsWith('44')) return reject(new Error(`The server refused the socket: ${text.slice(2)}`));
      if (text.startsWith('43')) {
        const [, id, args] = /^43(\d+)(.*)$/s.exec(text);
        acks.get(Number(id))?.(JSON.parse(args)[0]);
        acks.delete(Number(id));
        return;
      }
      if (text.startsWith('42')) {
        const [name, payload] = JSON.parse(text.slice(2));
        onEvent(name, payload, receivedAt);
      }
    });
  });
}

/** A proxy's answer to an upgrade when it could not reach the server (502) or not in time (504). */
const proxyGaveUp = /^Unexpected server response: 50[24]$/;
const proxyRetries = { times: 5, pauseMs: 250 };

/**
 * `connectSocket`, tried again when a proxy in front of the server answers the upgrade 502 or
 * 504; each such answer is counted in `proxyRefusals`, for the report.
 */
async function connectThroughProxy(baseUrl, token, onEvent, options, proxyRefusals) {
  if (!proxyRefusals) return connectSocket(baseUrl, token, onEvent, options);
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await connectSocket(baseUrl, token, onEvent, options);
    } catch (error) {
      if (!proxyGaveUp.test(error.message) || attempt === proxyRetries.times) throw error;
      proxyRefusals.count += 1;
      await new Promise((resolve) => setTimeout(resolve, proxyRetries.pauseMs));
    }
  }
}

/**
 * A socket per token, joined to `roomId` (every join acknowledged), `batch` connecting at a time:
 * token `i`'s on the server at `baseUrlOf(i)`, from `localAddressOf(i)` when given. With
 * `proxyRefusals`, upgrades a proxy gave up on are tried again and counted in it; without, any
 * failed upgrade ends the measurement.
 */
export async function joinSockets(
  tokens,
  roomId,
  onEvent,
  { baseUrlOf, localAddressOf = () => undefined, batch = 50, proxyRefusals },
) {
  const sockets = [];
  for (let first = 0; first < tokens.length; first += batch) {
    const joining = tokens.slice(first, first + batch).map(async (token, offset) => {
      const index = first + offset;
      const options = { localAddress: localAddressOf(index) };
      const socket = await connectThroughProxy(baseUrlOf(index), token, onEvent, options, proxyRefusals);
      const ack = await socket.request(socketEvents.joinRoom, roomId);
      if (!ack?.ok) throw new Error(`joinRoom was refused: ${JSON.stringify(ack)}`);
      return socket;
    });
    sockets.push(...(await Promise.all(joining)));
  }
  return sockets;
}
