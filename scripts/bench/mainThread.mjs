/** Where a page's main thread goes between two moments of its load, from a Chromium trace, in Lighthouse's task groups. */
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';

/** The categories Lighthouse reads its main-thread tasks from. */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'blink.user_timing',
  'loading',
  'toplevel',
];

/** Ms of main-thread work per task group (and `waiting`, the rest) between `from` and `to` (ms on the page's clock). */
export function mainThreadBetween(traceJson, from, to) {
  const { mainThreadEvents, frames, timestamps } = TraceProcessor.processTrace(JSON.parse(traceJson));
  const tasks = MainThreadTasks.getMainThreadTasks(mainThreadEvents, frames, timestamps.traceEnd, timestamps.timeOrigin);
  const groups = {};
  let busy = 0;
  for (const task of tasks) {
    const overlap = Math.min(task.endTime, to) - Math.max(task.startTime, from);
    if (overlap <= 0) continue;
    // A task's own time, in the share of it that falls in the window.
    const share = task.duration > 0 ? overlap / task.duration : 1;
    groups[task.group.label] = (groups[task.group.label] ?? 0) + task.selfTime * share;
    if (!task.parent) busy += overlap;
  }
  return { ...groups, waiting: Math.max(0, to - from - busy) };
}
