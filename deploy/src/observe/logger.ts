/**
 * The servers' log: one JSON object a line (pino), written off the request path (an asynchronous
 * destination: lines are buffered and written by the event loop's I/O, never waited for). Access
 * lines have the fields docs/operations.md ("Watching production") names; what the servers say
 * of themselves (the generation they serve, a broken one) is an info or warn line with a `msg`.
 */
import pino, { type DestinationStream, type Logger } from 'pino';
import type { RequestContext } from './requestContext.ts';

export interface AccessLine {
  app: string;
  method: string;
  status: number;
  bytes: number;
  /** Seconds, from the request's first byte read to its answer's last written (nginx's $request_time). */
  duration: number;
  context: RequestContext;
}

export interface ServerLog {
  /** A line of what the server says of itself ("[serve] local: serving generation …"). */
  say(line: string): void;
  access(line: AccessLine): void;
  /** Writes what is buffered now (before the process exits). */
  flush(): void;
}

/** Lines are written in batches of this many bytes, or every FLUSH_MS, whichever comes first: a write per answer would cost a system call each. */
const BATCH_BYTES = 65536;
const FLUSH_MS = 250;

/**
 * Bytes a line is put together in, outside the JavaScript heap: an access line is written field by
 * field, never made as text first (its text was most of what the log cost an answer, docs/performance.md).
 */
class LineBytes {
  used = 0;
  readonly bytes: Buffer;
  constructor(bytes: Buffer) {
    this.bytes = bytes;
  }
  /** Text known to be ASCII (names, numbers, the time). */
  ascii(value: string) {
    for (let index = 0; index < value.length; index++) this.bytes[this.used++] = value.charCodeAt(index);
  }
  /** A text as a JSON string: byte for byte when nothing in it needs escaping (the usual case), else JSON.stringify's. */
  text(value: string) {
    const start = this.used;
    this.bytes[this.used++] = QUOTE;
    for (let index = 0; index < value.length; index++) {
      const code = value.charCodeAt(index);
      if (code < 0x20 || code === QUOTE || code === BACKSLASH || code > 0x7e) {
        this.used = start + this.bytes.write(JSON.stringify(value), start);
        return;
      }
      this.bytes[this.used++] = code;
    }
    this.bytes[this.used++] = QUOTE;
  }
  /** A whole number ≥ 0 in decimal, `width` digits at least (leading zeros), without making it a text. */
  whole(value: number, width = 1) {
    if (value >= 10 || width > 1) this.whole(Math.floor(value / 10), width - 1);
    this.bytes[this.used++] = 0x30 + (value % 10);
  }
}
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The most bytes an access line can take: its texts escaped at worst six bytes a character, and the rest. */
function mostBytes({ app, method, context }: AccessLine): number {
  const { requestId } = context;
  const { route = '', generation = '' } = context.served;
  return 256 + 6 * (app.length + method.length + requestId.length + route.length + generation.length);
}

/**
 * An access line, as pino writes a line (level, ISO time, the fields, msg), put together here: one
 * is written per answer, and pino's general serializer costs half again as much (npm run
 * bench:observability). Every text field is JSON-escaped; the numbers are numbers.
 */
function writeAccessLine(out: LineBytes, { app, method, status, bytes, duration, context }: AccessLine): void {
  const { route = '(none)', language, generation, servedAs, cohort } = context.served;
  out.ascii(status >= 500 ? '{"level":"error","time":"' : '{"level":"info","time":"');
  out.ascii(isoNow());
  out.ascii('","reqId":');
  out.text(context.requestId);
  out.ascii(',"app":');
  out.text(app);
  out.ascii(',"method":');
  out.text(method);
  out.ascii(',"route":');
  out.text(route);
  if (language) out.ascii(`,"language":"${language}"`);
  out.ascii(',"status":');
  out.whole(status);
  out.ascii(',"bytes":');
  out.whole(bytes);
  // Seconds to the microsecond, as whole and fraction (a number's text would be made per line).
  const micros = Math.max(0, Math.round(duration * 1e6)) || 0;
  out.ascii(',"duration":');
  out.whole(Math.floor(micros / 1e6));
  out.ascii('.');
  out.whole(micros % 1e6, 6);
  if (generation) {
    out.ascii(',"generation":');
    out.text(generation);
  }
  if (servedAs) out.ascii(`,"served":"${servedAs}"`);
  if (cohort) out.ascii(`,"cohort":"${cohort}"`);
  out.ascii(',"msg":"answered"}\n');
}

/** An access line as text (for a destination other than the batched output, and for tests). */
export function accessLine(line: AccessLine): string {
  const out = new LineBytes(Buffer.allocUnsafe(mostBytes(line)));
  writeAccessLine(out, line);
  return out.bytes.toString('utf8', 0, out.used);
}

export type BatchedOutput = DestinationStream & { access(line: AccessLine): void; flush(): void; flushSync(): void };

/** Standard output (or another file), written asynchronously in batches. */
export function batchedOutput(dest: number | string = 1): BatchedOutput {
  const out = pino.destination({ dest, sync: false, contentMode: 'buffer', maxWrite: 2 * BATCH_BYTES });
  const writeBuffer = out.write.bind(out) as unknown as (data: Buffer) => boolean; // sonic-boom's types say text only
  // Lines are put together in a batch outside the JavaScript heap, handed over when full: kept as
  // text they would be copied by every garbage collection until written.
  let batch = new LineBytes(Buffer.allocUnsafe(BATCH_BYTES));
  const handOver = () => {
    if (batch.used === 0) return;
    writeBuffer(batch.bytes.subarray(0, batch.used));
    batch = new LineBytes(Buffer.allocUnsafe(BATCH_BYTES));
  };
  setInterval(() => (handOver(), out.flush()), FLUSH_MS).unref();
  const write = (text: string) => {
    const most = text.length * 3; // UTF-8 bytes at most
    if (batch.used + most > BATCH_BYTES) handOver();
    if (most > BATCH_BYTES) writeBuffer(Buffer.from(text));
    else batch.used += batch.bytes.write(text, batch.used);
  };
  return {
    write,
    access(line) {
      const most = mostBytes(line);
      if (most > BATCH_BYTES) return write(accessLine(line));
      if (batch.used + most > BATCH_BYTES) handOver();
      writeAccessLine(batch, line);
    },
    flush: () => (handOver(), out.flush()),
    flushSync: () => (handOver(), out.flushSync()),
  };
}

/** The time now in ISO 8601, made once per millisecond however many lines are written in it. */
let isoAt = 0;
let iso = '';
function isoNow(): string {
  const now = Date.now();
  if (now !== isoAt) {
    isoAt = now;
    iso = new Date(now).toISOString();
  }
  return iso;
}

/** Writes what `destination` holds now, synchronously where it can (not yet open, or closed: later, or never). */
function flushNow(destination: DestinationStream) {
  const stream = destination as { flushSync?: () => void; flush?: () => void };
  try {
    stream.flushSync?.();
  } catch {
    stream.flush?.();
  }
}

/** The log on `destination` (default: standard output, asynchronously, in batches). */
export function serverLog(destination: DestinationStream = batchedOutput()): ServerLog {
  const logger: Logger = pino(
    {
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  return {
    // What the server says of itself is rare and wanted at once (on call reads it, a supervisor
    // waits for it): written before the server goes on, with the access lines buffered before it.
    say: (line) => {
      logger.info(line);
      flushNow(destination);
    },
    access: 'access' in destination ? (line) => (destination as BatchedOutput).access(line) : (line) => destination.write(accessLine(line)),
    flush: () => flushNow(destination),
  };
}
