// The smallest app a team starts from: one page and the ready path hackathon.json names.
import http from 'node:http';

const port = Number(process.env.PORT ?? 3000);
const server = http.createServer((req, res) => {
  if (req.url === '/health') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    return res.end('ok\n');
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end('<!doctype html><title>Our project</title><h1>Our project</h1><p>Replace this page with yours.</p>\n');
});
server.listen(port, () => console.log(`listening on ${port}`));
