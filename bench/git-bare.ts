// The baseline of bench:git, run as its own process: git http-backend behind the smallest CGI
// bridge (node:http and the same runHttpBackend the local code host uses), serving the bare
// repositories under `root` at /git/<owner>/<repo>.git/... with no authentication, no refs
// read and no push delivery. Prints its port on stdout once listening.
import http from 'node:http';
import { runHttpBackend } from '../api/routes/git/cgi.ts';

const root = process.argv[2]!;
const server = http.createServer((req, res) => {
  const url = new URL(req.url!, 'http://x');
  const m = /^\/git\/([^/]+)\/([^/]+)\/(.+)$/.exec(url.pathname);
  if (!m) {
    res.writeHead(404).end();
    return;
  }
  void runHttpBackend({
    projectRoot: root, pathInfo: `/${m[1]}/${m[2]}/${m[3]}`, query: url.search.slice(1), method: req.method!,
    remoteUser: 'bench', raw: req, body: req.method === 'POST' ? req : null,
  }, res);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as { port: number }).port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
