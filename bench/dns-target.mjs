// The mixed monitor benchmark's DNS target: a UDP resolver on 127.0.0.1 answering every question with NOERROR
// and, for A questions, 127.0.0.1 (TTL 60), in its own process so its CPU is not counted against the measured
// one. Prints its port on the first line of stdout.
import dgram from 'node:dgram';

const socket = dgram.createSocket('udp4');
socket.on('message', (message, remote) => {
  let offset = 12;
  while (offset < message.length && message[offset] !== 0) offset += message[offset] + 1;
  const questionEnd = offset + 5;
  if (questionEnd > message.length) return;
  const isA = message.readUInt16BE(offset + 1) === 1;
  const header = Buffer.from(message.subarray(0, 12));
  header.writeUInt16BE(0x8180, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(isA ? 1 : 0, 6);
  header.writeUInt32BE(0, 8);
  const answer = Buffer.from([0xc0, 0x0c, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4, 127, 0, 0, 1]);
  const parts = [header, message.subarray(12, questionEnd)];
  if (isA) parts.push(answer);
  socket.send(Buffer.concat(parts), remote.port, remote.address);
});
socket.bind(0, '127.0.0.1', () => process.stdout.write(`${socket.address().port}\n`));
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
