// The open-loop client of the load step's paced run (load.ts): GET requests at `rate` a second,
// evenly spaced, on at most `connections` kept-alive HTTP/1.1 sockets, each request's time taken
// from the moment it was due to the first byte of its answer.
//
// It speaks HTTP/1.1 over plain sockets instead of node:http: the client runs on the same two
// cores as the servers it measures, and node:http's request and response objects cost it about
// 0.8 ms of CPU a page (more than the API's own work for that page), CPU the servers then lack.
// Here a request is one prebuilt string written to the socket, and an answer is read only as far
// as its status line, its Content-Length or chunked framing, and its end. The body is skipped,
// never decoded.
import { connect, type Socket } from 'node:net';

export interface PacedOptions {
  url: string;
  paths: readonly string[];
  connections: number;
  seconds: number;
  rate: number;
  headers: Record<string, string>;
  /** Called with each answer's status and its time to first byte (ms from when it was due). */
  onAnswer(status: number, ttfbMs: number): void;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');
const REQUEST_TIMEOUT_MS = 10_000;

/** Reads one HTTP/1.1 answer after another from a socket's bytes. */
class AnswerReader {
  private buffer: Buffer = Buffer.alloc(0);
  private state: 'head' | 'length' | 'chunk-size' | 'chunk-data' | 'trailer' = 'head';
  private remaining = 0;
  status = 0;
  /** The answer said `Connection: close`: the socket is not used again. */
  closes = false;

  /** Feeds bytes in; calls `onEnd` for every answer they complete. False on bytes it cannot read. */
  feed(bytes: Buffer, onEnd: (status: number) => void): boolean {
    this.buffer = this.buffer.length === 0 ? bytes : Buffer.concat([this.buffer, bytes]);
    let at = 0;
    for (;;) {
      if (this.state === 'head') {
        const end = this.buffer.indexOf(HEADER_END, at);
        if (end < 0) break;
        const head = this.buffer.toString('latin1', at, end);
        at = end + HEADER_END.length;
        const status = /^HTTP\/1\.[01] (\d{3})/.exec(head);
        if (!status) return false;
        this.status = Number(status[1]);
        this.closes = /\r\nconnection:[^\r]*close/i.test(head);
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
        if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) {
          this.state = 'chunk-size';
        } else if (length) {
          this.remaining = Number(length[1]);
          this.state = 'length';
        } else if (this.status === 204 || this.status === 304) {
          this.remaining = 0;
          this.state = 'length';
        } else {
          return false; // an answer that ends when the socket closes: not one this server sends
        }
      }
      if (this.state === 'length') {
        const take = Math.min(this.remaining, this.buffer.length - at);
        at += take;
        this.remaining -= take;
        if (this.remaining > 0) break;
        this.finish(onEnd);
        continue;
      }
      if (this.state === 'chunk-size' || this.state === 'trailer') {
        const end = this.buffer.indexOf(CRLF, at);
        if (end < 0) break;
        const line = this.buffer.toString('latin1', at, end);
        at = end + CRLF.length;
        if (this.state === 'trailer') {
          if (line === '') this.finish(onEnd);
          continue;
        }
        const size = Number.parseInt(line, 16);
        if (!Number.isFinite(size)) return false;
        if (size === 0) {
          this.state = 'trailer';
        } else {
          this.remaining = size + CRLF.length; // the chunk and the line break after it
          this.state = 'chunk-data';
        }
        continue;
      }
      // chunk-data
      const take = Math.min(this.remaining, this.buffer.length - at);
      at += take;
      this.remaining -= take;
      if (this.remaining > 0) break;
      this.state = 'chunk-size';
    }
    this.buffer = at >= this.buffer.length ? Buffer.alloc(0) : this.buffer.subarray(at);
    return true;
  }

  private finish(onEnd: (status: number) => void): void {
    this.state = 'head';
    onEnd(this.status);
  }
}

interface Connection {
  socket: Socket;
  reader: AnswerReader;
  /** When the request in flight was due, or null when the socket is idle. */
  due: number | null;
  /** The time to first byte of the answer being read, once its first byte came. */
  ttfb: number | null;
  timer: NodeJS.Timeout | null;
}

/** Runs the paced load; resolves with the count of requests that got no answer. */
export async function pacedLoad(options: PacedOptions): Promise<number> {
  const target = new URL(options.url);
  const port = Number(target.port || 80);
  const host = target.hostname;
  const extraHeaders = Object.entries(options.headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const requestText = (path: string) =>
    `GET ${path} HTTP/1.1\r\nHost: ${target.host}\r\nConnection: keep-alive\r\n${extraHeaders}\r\n`;
  const requests = options.paths.map((path) => requestText(path));
  let next = 0;

  const interval = 1000 / options.rate;
  const total = Math.round(options.rate * options.seconds);
  if (total === 0) return 0;
  const waiting: number[] = []; // due times of requests no socket was free for
  const idle: Connection[] = [];
  let open = 0;
  let finished = 0;
  let failed = 0;
  let resolveDone: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    resolveDone = resolve;
  });
  const settle = () => {
    finished++;
    if (finished === total) resolveDone();
  };

  const send = (connection: Connection, due: number) => {
    connection.due = due;
    connection.ttfb = null;
    connection.timer = setTimeout(() => connection.socket.destroy(new Error('timeout')), REQUEST_TIMEOUT_MS);
    connection.socket.write(requests[next++ % requests.length] ?? requestText('/'));
  };
  const release = (connection: Connection) => {
    const due = waiting.shift();
    if (due !== undefined) send(connection, due);
    else idle.push(connection);
  };
  const openConnection = (due: number) => {
    open++;
    const socket = connect({ host, port, noDelay: true });
    // Due from the start: a socket that never connects fails its request.
    const connection: Connection = { socket, reader: new AnswerReader(), due, ttfb: null, timer: null };
    socket.on('connect', () => send(connection, due));
    socket.on('data', (bytes: Buffer) => {
      // The time is the first byte's; the status is known once the head has been read.
      if (connection.due !== null && connection.ttfb === null)
        connection.ttfb = performance.now() - connection.due;
      const readable = connection.reader.feed(bytes, (status) => {
        if (connection.timer) clearTimeout(connection.timer);
        options.onAnswer(status, connection.ttfb ?? 0);
        connection.due = null;
        settle();
        // A socket the server closes after this answer is replaced when it has closed.
        if (connection.reader.closes) socket.end();
        else release(connection);
      });
      if (!readable) socket.destroy(new Error('an answer that could not be read'));
    });
    socket.on('close', () => {
      open--;
      if (connection.timer) clearTimeout(connection.timer);
      const at = idle.indexOf(connection);
      if (at >= 0) idle.splice(at, 1);
      if (connection.due !== null) {
        connection.due = null;
        failed++;
        settle();
      }
      // Requests left waiting get a new socket when this one is gone.
      const due = waiting.shift();
      if (due !== undefined) openConnection(due);
    });
    socket.on('error', () => {});
  };

  const dispatch = (due: number) => {
    const connection = idle.pop();
    if (connection) send(connection, due);
    else if (open < options.connections) openConnection(due);
    else waiting.push(due);
  };

  const start = performance.now();
  for (let sent = 0; sent < total; ) {
    const now = performance.now();
    while (sent < total && start + sent * interval <= now) {
      dispatch(start + sent * interval);
      sent++;
    }
    const wait = start + sent * interval - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  await done;
  for (const connection of idle) connection.socket.destroy();
  return failed;
}
