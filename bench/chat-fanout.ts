// bench:chat's stand-in fan-out server (the load generator's ceiling): SSE to every client
// that connects, and for each id read on stdin one frame of a post's size written to all of
// them at once. No database, no authentication: what is left is the receiving side's cost.
import http from 'node:http';
import { createInterface } from 'node:readline';

const port = Number(process.argv[2]);
const clients = new Set<http.ServerResponse>();
const data = JSON.stringify({ channelId: 'c', post: { id: 'p', body: 'A post of about the length people write in a chat, with a question or two in it. '.repeat(2), author: { id: 'a', name: 'Bench Person' } } }) + ' '.repeat(250);

const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write('retry: 2000\n\nid: 0\nevent: ready\ndata: {}\n\n');
  clients.add(res);
  req.on('close', () => clients.delete(res));
});
server.listen(port, '127.0.0.1', () => process.stdout.write('listening\n'));
createInterface({ input: process.stdin }).on('line', (id) => {
  const frame = `id: ${id}\nevent: post.created\ndata: ${data}\n\n`;
  for (const c of clients) c.write(frame);
});
process.on('SIGTERM', () => process.exit(0));
