// One abusive socket.io client (for backend/test/socket-abuse.spec.ts and socket-abuse.js), run as
// its own process so that its sending does not share the event loop with the server under test. `node socket-attacker.js <json>`, where the JSON gives
// `url`, `token`, `attack` ('typing', 'unknown' or 'hops'), `count`, and `rooms` (one room for
// typing, two to hop between). Prints one JSON line when the server closed the socket or, failing
// that, `lingerMs` after the last event was sent: how many were sent, and what the server said.
import { io } from 'socket.io-client';

const { url, token, attack, count, rooms = [], lingerMs = 3000 } = JSON.parse(process.argv[2]);
const socket = io(url, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
const report = { sent: 0, closing: null, disconnect: null };
const done = () => {
  process.stdout.write(`${JSON.stringify(report)}\n`);
  process.exit(0);
};
socket.on('closing', (notice) => (report.closing = notice.message));
socket.on('disconnect', (reason) => {
  report.disconnect = reason;
  setTimeout(done, 100);
});
socket.on('connect_error', (error) => {
  report.disconnect = `connect_error: ${error.message}`;
  done();
});
socket.on('connect', async () => {
  if (attack === 'typing') await socket.timeout(5000).emitWithAck('joinRoom', rooms[0]);
  const send = (n) => {
    if (attack === 'typing') socket.emit('typing', { roomId: rooms[0], isTyping: n % 2 === 0 });
    else if (attack === 'unknown') socket.emit(`unknown-${n}`, { n });
    else socket.emit('joinRoom', rooms[n % 2]);
  };
  // In batches, giving the socket a turn to write each one out.
  for (let n = 0; n < count && socket.connected; n += 1) {
    send(n);
    report.sent += 1;
    if (n % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
  }
  setTimeout(done, lingerMs);
});
