/**
 * The servers' log: one JSON object a line (pino), written off the request path (an asynchronous
 * destination: lines are buffered and written by the event loop's I/O, never waited for). Access
 * lines have the fields docs/operations.md ("Watching production") names; what the servers say
 * of themselves (the generation they serve, a broken one) is an info or warn line with a `msg`.
 */
import pino, { type DestinationStream, type Logger } from 'pino';
import type { RequestContext } from '../answer/requestContext.ts';

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

/** A text as a JSON string, made once per distinct text: apps, methods, route templates and generations are few. */
const jsonTexts = new Map<string, string>();
function jsonText(value: string): string {
  let json = jsonTexts.get(value);
  if (json === undefined) {
    if (jsonTexts.size >= 256) jsonTexts.clear();
    jsonTexts.set(value, (json = JSON.stringify(value)));
  }
  return json;
}

/** A request id as requestIdOf keeps one (letters, digits, `.`, `_`, `:`, `-`) needs no escaping; any other is escaped. */
const PLAIN_ID = /^[\w.:-]*$/;
const idText = (id: string) => (PLAIN_ID.test(id) ? `"${id}"` : JSON.stringify(id));

/** Seconds to the microsecond (never negative). */
const seconds = (duration: number) => (Math.max(0, Math.round(duration * 1e6)) || 0) / 1e6;

/** Texts of a pending access line, in this order: what was asked, how it was served, the request id. */
const ASKED = 4;
const HOW = 3;
const TEXTS = ASKED + HOW + 1;
const NUMBERS = 4;
const PENDING_MOST = 4096;
const DRAIN_MS = 20;

/** A line's fragment made from `size` of its texts, made again only when one differs from the previous line's: most lines in a row share them. */
function fragment(size: number, make: (texts: readonly string[], at: number) => string) {
  const last = new Array<string | undefined>(size);
  let made = '';
  return (texts: readonly string[], at: number) => {
    for (let index = 0; index < size; index += 1) {
      if (texts[at + index] === last[index]) continue;
      for (let copied = 0; copied < size; copied += 1) last[copied] = texts[at + copied];
      made = make(texts, at);
      break;
    }
    return made;
  };
}

const asked = fragment(ASKED, (texts, at) => {
  const [app, method, route, language] = [texts[at]!, texts[at + 1]!, texts[at + 2]!, texts[at + 3]];
  return `,"app":${jsonText(app)},"method":${jsonText(method)},"route":${jsonText(route)}${language ? `,"language":"${language}"` : ''}`;
});
const how = fragment(HOW, (texts, at) => {
  const [generation, servedAs, cohort] = [texts[at], texts[at + 1], texts[at + 2]];
  return `${generation ? `,"generation":${jsonText(generation)}` : ''}${servedAs ? `,"served":"${servedAs}"` : ''}${cohort ? `,"cohort":"${cohort}"` : ''}`;
});

/**
 * Access lines waiting as their fields (references to texts the answer already has, and numbers),
 * made into lines, as pino writes a line (level, ISO time, the fields, msg), a few hundred at a
 * time: neither the answer's objects nor a line's text outlive the answer, and making them in one
 * loop costs a third of making each in its answer (docs/performance.md, "Lines made after the answer").
 */
function pendingLines(write: (line: string) => void) {
  const texts: string[] = new Array<string>(PENDING_MOST * TEXTS).fill('');
  const numbers = new Float64Array(PENDING_MOST * NUMBERS);
  let count = 0;
  const drain = () => {
    for (let index = 0; index < count; index += 1) {
      const [at, number] = [index * TEXTS, index * NUMBERS];
      const status = numbers[number]!;
      const id = `{"level":"${status >= 500 ? 'error' : 'info'}","time":"${isoAt(numbers[number + 3]!)}","reqId":${idText(texts[at + TEXTS - 1]!)}`;
      const answered = `,"status":${status},"bytes":${numbers[number + 1]},"duration":${seconds(numbers[number + 2]!)}`;
      write(`${id}${asked(texts, at)}${answered}${how(texts, at + ASKED)},"msg":"answered"}\n`);
    }
    texts.fill('', 0, count * TEXTS);
    count = 0;
  };
  return {
    drain,
    add({ app, method, status, bytes, duration, context: { requestId, served } }: AccessLine) {
      if (count === PENDING_MOST) drain();
      if (count === 0) setTimeout(drain, DRAIN_MS).unref();
      let at = count * TEXTS;
      texts[at++] = app;
      texts[at++] = method;
      texts[at++] = served.route ?? '(none)';
      texts[at++] = served.language ?? '';
      texts[at++] = served.generation ?? '';
      texts[at++] = served.servedAs ?? '';
      texts[at++] = served.cohort ?? '';
      texts[at] = requestId;
      at = count * NUMBERS;
      numbers[at++] = status;
      numbers[at++] = bytes;
      numbers[at++] = duration;
      numbers[at] = Date.now();
      count += 1;
    },
  };
}

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

/** A time in ISO 8601, made once per millisecond however many lines are written in it. */
let isoTime = 0;
let iso = '';
function isoAt(time: number): string {
  if (time !== isoTime) {
    isoTime = time;
    iso = new Date(time).toISOString();
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
  const pending = pendingLines((line) => destination.write(line));
  const flush = () => (pending.drain(), flushNow(destination));
  return {
    // What the server says of itself is rare and wanted at once (on call reads it, a supervisor
    // waits for it): written before the server goes on, with the access lines pending before it.
    say: (line) => {
      pending.drain();
      logger.info(line);
      flushNow(destination);
    },
    access: pending.add,
    flush,
  };
}
