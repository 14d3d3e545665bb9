import type { Action, ActionCreatorWithPayload, Middleware, UnknownAction } from '@reduxjs/toolkit';
import { writeStored, type StoredValue } from '../storage';

/** A slice of the store that lives on in localStorage and is shared with the shop's other tabs. */
export interface PersistedSlice<State, T> {
  /** The slice's name: its own actions are typed `${name}/…`. */
  name: string;
  stored: StoredValue<T>;
  select: (state: State) => T;
  /** The action that sets the whole value (from storage, or another tab). */
  replace: ActionCreatorWithPayload<T>;
  /** The value after one of the slice's own actions, computed without the store (the slice reducer). */
  reduce: (value: T, action: UnknownAction) => T;
}

/**
 * How this tab hears the others. Each tab applies the others' cart, wishlist and order actions
 * to its own state, so two tabs changing the cart at the same instant both keep both changes
 * (replacing one tab's state with the other's loses one of them).
 */
export interface TabChannel {
  post(action: UnknownAction): void;
  listen(onAction: (action: unknown) => void): void;
}

export function broadcastTabChannel(name = 'maison-khan:shop-state'): TabChannel | undefined {
  if (typeof BroadcastChannel !== 'function') return undefined;
  const channel = new BroadcastChannel(name);
  return {
    post: (action) => channel.postMessage(action),
    listen: (onAction) => channel.addEventListener('message', (event: MessageEvent) => onAction(event.data)),
  };
}

const FROM_OTHER_TAB = 'maison-khan/fromOtherTab';

function markedFromOtherTab<A extends Action>(action: A): A {
  return { ...action, meta: { [FROM_OTHER_TAB]: true } };
}

function isFromOtherTab(action: unknown): boolean {
  const meta = (action as { meta?: Record<string, unknown> } | null)?.meta;
  return meta?.[FROM_OTHER_TAB] === true;
}

function isAction(value: unknown): value is UnknownAction {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Writes every persisted slice that an action changed (and only those), and tells the other
 * tabs about the slice's own actions. Replacements (from storage or another tab) are written
 * too, so the last tab to write holds every change it has seen.
 */
export function persistenceMiddleware<State>(
  slices: ReadonlyArray<PersistedSlice<State, unknown>>,
  { storage, tabs }: { storage: Storage | undefined; tabs: TabChannel | undefined },
): Middleware<object, State> {
  return (api) => (next) => (action) => {
    const before = api.getState();
    const result = next(action);
    const after = api.getState();
    let changed = false;
    for (const slice of slices) {
      const value = slice.select(after);
      if (value === slice.select(before)) continue;
      changed = true;
      if (storage) writeStored(slice.stored, value, storage);
    }
    const ownAction = isAction(action) && slices.some(({ name, replace }) => action.type.startsWith(`${name}/`) && !replace.match(action));
    if (changed && ownAction && tabs && !isFromOtherTab(action)) tabs.post(action as UnknownAction);
    return result;
  };
}

/**
 * Applies another tab's action to this tab's slices. What arrives is treated as input from a
 * stranger: the result passes the same validation as stored data, and an action that does
 * not fit (or throws) changes nothing.
 */
export function applyOtherTabAction<State>(
  slices: ReadonlyArray<PersistedSlice<State, unknown>>,
  store: { getState: () => State; dispatch: (action: Action) => unknown },
  action: unknown,
): void {
  if (!isAction(action)) return;
  for (const slice of slices) {
    if (!action.type.startsWith(`${slice.name}/`)) continue;
    const current = slice.select(store.getState());
    let next: unknown;
    try {
      next = slice.reduce(current, action);
    } catch {
      return;
    }
    const clean = slice.stored.validate(JSON.parse(JSON.stringify(next)) as unknown);
    if (clean !== undefined && !sameJson(clean, current)) store.dispatch(markedFromOtherTab(slice.replace(clean)));
  }
}
