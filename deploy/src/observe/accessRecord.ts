/** An access line as one object, with the fields and order logger.ts writes (its fast path makes the same line from parts): for a runtime with no pino (the edge). */
import type { AccessLine } from './logger.ts';

export function accessRecord({ app, method, status, bytes, duration, context }: AccessLine, time: number): Record<string, unknown> {
  const { requestId, served } = context;
  return {
    level: status >= 500 ? 'error' : 'info',
    time: new Date(time).toISOString(),
    reqId: requestId,
    app,
    method,
    route: served.route ?? '(none)',
    ...(served.language ? { language: served.language } : {}),
    status,
    bytes,
    duration: Math.max(0, Math.round(duration * 1e6)) / 1e6,
    ...(served.generation ? { generation: served.generation } : {}),
    ...(served.servedAs ? { served: served.servedAs } : {}),
    ...(served.cohort ? { cohort: served.cohort } : {}),
    msg: 'answered',
  };
}
