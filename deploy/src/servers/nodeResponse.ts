/**
 * A Web Response that Node's server writes from its parts, never making undici's: the status, the
 * header record and the body's bytes are kept as given, and a real Response is made only when
 * something reads this one (as @hono/node-server's lightweight Response does). Why: docs/performance.md,
 * "An answer as a Web Response".
 */
import { webResponse, type ResponseParts } from '../answer/http.ts';

const PARTS = Symbol('parts');
const MADE = Symbol('made');

interface NodeResponse extends Response {
  [PARTS]?: ResponseParts;
  [MADE]?: Response;
}

/** The real Response, made once from the parts; from then on the parts are no longer this answer's whole truth. */
function made(response: NodeResponse): Response {
  if (!response[MADE]) {
    response[MADE] = webResponse(response[PARTS]!);
    delete response[PARTS];
  }
  return response[MADE];
}

const prototype = Object.create(Response.prototype) as NodeResponse;
// Every member a Response has, read from the real one: a caller cannot tell the two apart.
for (const [name, member] of Object.entries(Object.getOwnPropertyDescriptors(Response.prototype))) {
  if (name === 'constructor') continue;
  if (member.get)
    Object.defineProperty(prototype, name, {
      get: function (this: NodeResponse) {
        return Reflect.get(made(this), name);
      },
    });
  else if (typeof member.value === 'function') {
    const method = member.value as (...args: unknown[]) => unknown;
    Object.defineProperty(prototype, name, {
      value: function (this: NodeResponse, ...args: unknown[]) {
        return method.apply(made(this), args);
      },
    });
  }
}

/** An answer's Response, for Node's server (`createAnswerer`'s `respond`). */
export function nodeResponse(parts: ResponseParts): Response {
  const response = Object.create(prototype) as NodeResponse;
  response[PARTS] = parts;
  return response;
}

/** The parts of a Response nothing has read yet, which Node writes as they are; undefined for any other Response. */
export const unreadParts = (response: Response): ResponseParts | undefined => (response as NodeResponse)[PARTS];
