// A small TCP proxy the simulation puts in front of what it breaks (s3rver, the webhook
// target): while `refusing`, every new connection is reset at once and open ones are cut,
// as a host that went away answers. Upstreams are read per connection, so the target may
// be a set that changes (API replicas that restart on another port): round robin.
import net from 'node:net';

export class TcpProxy {
  refusing = false;
  connections = 0;
  refused = 0;
  private server: net.Server | null = null;
  private readonly open = new Set<net.Socket>();
  private turn = 0;
  port = 0;

  constructor(private readonly upstreams: () => { host: string; port: number }[]) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async listen(): Promise<void> {
    this.server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server!.address() as net.AddressInfo).port;
  }

  private accept(client: net.Socket): void {
    const targets = this.upstreams();
    if (this.refusing || targets.length === 0) {
      this.refused++;
      client.resetAndDestroy();
      return;
    }
    this.connections++;
    const target = targets[this.turn++ % targets.length]!;
    const upstream = net.connect(target.port, target.host);
    this.open.add(client);
    this.open.add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.open.delete(client);
      this.open.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  }

  /** Starts refusing: new connections are reset, open ones cut. */
  refuse(): void {
    this.refusing = true;
    for (const s of this.open) s.destroy();
    this.open.clear();
  }

  restore(): void {
    this.refusing = false;
  }

  async close(): Promise<void> {
    for (const s of this.open) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
