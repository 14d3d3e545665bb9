/** An answerer as the tests ask it: a Web Request in, a Web Response out (a server writes `Sent` itself). */
import type { SentAnswer } from '../answer/http.ts';
import type { RequestContext } from '../observe/requestContext.ts';

export type Answer = (request: Request, context?: RequestContext) => Promise<Response>;

export const toResponse =
  (sent: SentAnswer): Answer =>
  async (request, context) => {
    const { status, headers, body } = await sent(request, context);
    return new Response((body as Uint8Array<ArrayBuffer> | undefined) ?? null, { status, headers });
  };
