/**
 * The servers' log: one JSON object a line (pino), written off the request path (an asynchronous
 * destination: lines are buffered and written by the event loop's I/O, never waited for). Access
 * lines have the fields docs/operations.md ("Watching production") names, made by pino from the
 * answer's record (its serializers shape the values, its redaction keeps the client's address and
 * what the request sent out of the line); what the servers say of themselves (the generation they
 * serve, a broken one) is an info or warn line with a `msg`.
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

export type BatchedOutput = DestinationStream & { flush(): void; flushSync(): void };

/** Standard output (or another file), written asynchronously in batches. */
export function batchedOutput(dest: number | string = 1): BatchedOutput {
  const out = pino.destination({ dest, sync: false, contentMode: 'buffer', maxWrite: 2 * BATCH_BYTES });
  const writeBuffer = out.write.bind(out) as unknown as (data: Buffer) => boolean; // sonic-boom's types say text only
  // Lines are copied into a batch outside the JavaScript heap, handed over when full: kept as
  // texts they would be copied by every garbage collection until written.
  let batch = Buffer.allocUnsafe(BATCH_BYTES);
  let used = 0;
  const handOver = () => {
    if (used === 0) return;
    writeBuffer(batch.subarray(0, used));
    batch = Buffer.allocUnsafe(BATCH_BYTES);
    used = 0;
  };
  setInterval(() => (handOver(), out.flush()), FLUSH_MS).unref();
  return {
    write(text: string) {
      const most = text.length * 3; // UTF-8 bytes at most
      if (used + most > BATCH_BYTES) handOver();
      if (most > BATCH_BYTES) writeBuffer(Buffer.from(text));
      else used += batch.write(text, used);
    },
    flush: () => (handOver(), out.flush()),
    flushSync: () => (handOver(), out.flushSync()),
  };
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

/** Seconds to the microsecond (never negative, 0 for a duration not measured). */
const seconds = (duration: number) => (Math.max(0, Math.round(duration * 1e6)) || 0) / 1e6;

/** The log on `destination` (default: standard output, asynchronously, in batches). */
export function serverLog(destination: DestinationStream = batchedOutput()): ServerLog {
  const logger: Logger = pino(
    {
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { duration: seconds },
      // The client's address is counted, never written; nor the target and header lines as sent.
      redact: { paths: ['client', 'sent'], remove: true },
    },
    destination,
  );
  return {
    // What the server says of itself is rare and wanted at once (on call reads it, a supervisor
    // waits for it): written before the server goes on.
    say: (line) => {
      logger.info(line);
      flushNow(destination);
    },
    access({ app, method, status, bytes, duration, context: { requestId, served } }) {
      const fields = {
        reqId: requestId,
        app,
        method,
        route: served.route ?? '(none)',
        language: served.language,
        status,
        bytes,
        duration,
        generation: served.generation,
        served: served.servedAs,
        cohort: served.cohort,
      };
      if (status >= 500) logger.error(fields, 'answered');
      else logger.info(fields, 'answered');
    },
    flush: () => flushNow(destination),
  };
}
