import { RENDERED_ATTRIBUTE } from '../renderStamp';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Holds the shopper's clicks, keys, changes and submits until window.__maisonAlive, then replays them; giveUp is for scripts that fail. */
// Why: docs/decisions/build-and-render.md#early-input
export function holdEarlyInput(): () => void {
  let clicks: Element[] = [];
  let changed: Array<{ field: Field; value: string | boolean }> = [];
  let keys: KeyboardEvent[] = [];
  let submitted: HTMLFormElement[] = [];
  const releaseButtons = markButtonsNotReady();

  const inShop = (target: EventTarget | null): target is Element =>
    target instanceof Element && !!document.getElementById('root')?.contains(target);

  // A link waits only behind an already held click, keeping their order. A button's second tap
  // while it holds one is the same wish (nothing seemed to happen): it is not made twice.
  const holdClick = (event: Event) => {
    const { target } = event;
    if (!inShop(target) || target.closest('input, select, textarea, label, option')) return;
    const link = target.closest('a[href]');
    if (link && clicks.length === 0) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const button = target.closest('button');
    const held = link ?? button ?? target;
    if (clicks.includes(held)) return;
    clicks.push(held);
    if (!link && button) showHeld(button, true);
  };
  // Read now: hydration resets a controlled field to what was rendered.
  const noteChange = (event: Event) => {
    if (!inShop(event.target)) return;
    const field = event.target as Field;
    const value = field.type === 'checkbox' || field.type === 'radio' ? (field as HTMLInputElement).checked : field.value;
    const found = changed.find((entry) => entry.field === field);
    if (found) found.value = value;
    else changed.push({ field, value });
  };
  // Other keys on a button (a menu's arrows); Enter and Space click, Tab always moves focus.
  const holdKey = (event: Event) => {
    const { key } = event as KeyboardEvent;
    if (!inShop(event.target) || !event.target.closest('button') || ['Enter', ' ', 'Tab'].includes(key)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    keys.push(event as KeyboardEvent);
  };
  const holdSubmit = (event: Event) => {
    if (!inShop(event.target)) return;
    event.preventDefault();
    if (!submitted.includes(event.target as HTMLFormElement)) submitted.push(event.target as HTMLFormElement);
  };
  const listeners = Object.entries({ click: holdClick, keydown: holdKey, input: noteChange, change: noteChange, submit: holdSubmit });
  for (const [type, listener] of listeners) document.addEventListener(type, listener, true);
  const stopHolding = () => {
    releaseButtons();
    for (const [type, listener] of listeners) document.removeEventListener(type, listener, true);
  };

  window.__maisonHydrating = releaseButtons;
  window.__maisonAlive = () => {
    stopHolding();
    for (const { field, value } of changed) replayChange(field, value);
    // The key again: the held event describes the new one (key, code, modifiers, bubbling).
    for (const event of keys) if ((event.target as Node).isConnected) event.target!.dispatchEvent(new KeyboardEvent('keydown', event));
    for (const target of clicks) {
      showHeld(target, false);
      if (target.isConnected) (target as HTMLElement).click();
    }
    for (const form of submitted) {
      const viaButton = clicks.some((target) => form.contains(target));
      if (form.isConnected && !viaButton) form.requestSubmit();
    }
    clicks = changed = keys = submitted = [];
  };

  // giveUp: stop holding, and follow a link that waited behind a held click.
  return () => {
    stopHolding();
    for (const target of clicks) showHeld(target, false);
    const link = clicks.find((target) => target.matches('a[href]'));
    clicks = changed = keys = submitted = [];
    (link as HTMLElement | undefined)?.click();
  };
}

/** The note a held button is described by (rendered in the page's language: shell/Layout.tsx). */
export const HELD_NOTE_ID = 'mk-held-note';

/** A button holding a tap looks busy (appShell.css) and says why, until the tap is made (or given up). */
function showHeld(button: Element, held: boolean): void {
  for (const [name, value] of [
    ['aria-busy', 'true'],
    ['aria-describedby', HELD_NOTE_ID],
  ])
    if (held) button.setAttribute(name!, value!);
    else button.removeAttribute(name!);
}

/** Sets the rendered value, then the shopper's, each with an event, so React sees a change (Suspense too). */
function replayChange(field: Field, value: string | boolean): void {
  const isSelect = field instanceof HTMLSelectElement;
  const property = typeof value === 'boolean' ? 'checked' : 'value';
  const rendered = field as unknown as Record<string, unknown>;
  const say = () => field.dispatchEvent(new Event(property === 'checked' ? 'click' : isSelect ? 'change' : 'input', { bubbles: true }));
  if (!isSelect) {
    rendered[property] = property === 'checked' ? (field as HTMLInputElement).defaultChecked : field.defaultValue;
    say();
  }
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), property)!.set!.call(field, value);
  say();
}

/** Scripts that never finish arriving: after this the buttons stop saying they are not ready. */
export const RELEASE_BUTTONS_AFTER_MS = 10_000;

/** Marks the buttons aria-disabled (not disabled: taps are kept) until the page is alive; returns the release. */
export function markButtonsNotReady(): () => void {
  let marked: Element[] = [];
  const release = () => {
    for (const button of marked) button.removeAttribute('aria-disabled');
    marked = [];
  };
  whenParsed(() => {
    const root = document.getElementById('root');
    if (!root?.hasAttribute(RENDERED_ATTRIBUTE)) return;
    for (const button of root.querySelectorAll('button:not([aria-disabled])')) {
      button.setAttribute('aria-disabled', 'true');
      marked.push(button);
    }
  });
  setTimeout(release, RELEASE_BUTTONS_AFTER_MS);
  return release;
}

export function whenParsed(then: () => void): void {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', then);
  else then();
}
