import { markButtonsNotReady } from './notReadyButtons';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Until the page is alive it is a working document: links navigate, Tab moves, nothing is
 * disabled by style. What the shopper does is kept, not lost: a click on a button is held and
 * made again once the page is alive (a link after it waits its turn), a value typed, chosen or
 * ticked is handed to the page as a change then, and a form sent is sent then. The page calls
 * window.__maisonHydrating as it starts taking over its HTML (the buttons' marks go first, so the
 * markup it takes over is the server's exactly) and window.__maisonAlive once it has
 * (shell/introGate.ts); input is held until then.
 * Returns what gives up holding (giveUp): should the shop's scripts fail to arrive.
 */
export function holdEarlyInput(): () => void {
  let clicks: Element[] = [];
  let changed: Array<{ field: Field; value: string | boolean }> = [];
  let keys: KeyboardEvent[] = [];
  let submitted: HTMLFormElement[] = [];
  const releaseButtons = markButtonsNotReady();

  const inShop = (target: EventTarget | null): target is Element =>
    target instanceof Element && !!document.getElementById('root')?.contains(target);

  /* A click on a button is held (the page's code is not there yet) and made again, once, when
     the page is alive. A link navigates as in any document, unless a click is already held: then
     it waits its turn too, so "add to cart, then go to the cart" happens in that order. */
  const holdClick = (event: Event) => {
    const { target } = event;
    if (!inShop(target) || target.closest('input, select, textarea, label, option')) return;
    const link = target.closest('a[href]');
    if (link && clicks.length === 0) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    clicks.push(link ?? target.closest('button') ?? target);
  };
  /* The value as the shopper left it: taking over the HTML resets a controlled field (a select's
     choice) to what was rendered, so it is read now, not then. */
  const noteChange = (event: Event) => {
    if (!inShop(event.target)) return;
    const field = event.target as Field;
    const value = field.type === 'checkbox' || field.type === 'radio' ? (field as HTMLInputElement).checked : field.value;
    const found = changed.find((entry) => entry.field === field);
    if (found) found.value = value;
    else changed.push({ field, value });
  };
  /* Keys other than those that click a button (Enter, Space: the click is held) on a focused
     button, such as the arrows that open a menu, are made again too. Tab is never held: focus
     moves through the page as through any document. */
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
  const listeners: Array<[string, (event: Event) => void]> = [
    ['click', holdClick],
    ['keydown', holdKey],
    ['input', noteChange],
    ['change', noteChange],
    ['submit', holdSubmit],
  ];
  for (const [type, listener] of listeners) document.addEventListener(type, listener, true);
  const stopHolding = () => {
    releaseButtons();
    for (const [type, listener] of listeners) document.removeEventListener(type, listener, true);
  };

  window.__maisonHydrating = releaseButtons;
  /* Called once the page is alive (hydrated): what was held goes to the page. */
  window.__maisonAlive = () => {
    stopHolding();
    for (const { field, value } of changed) replayChange(field, value);
    // The key again: the held event describes the new one (key, code, modifiers, bubbling).
    for (const event of keys) if ((event.target as Node).isConnected) event.target!.dispatchEvent(new KeyboardEvent('keydown', event));
    for (const target of clicks) if (target.isConnected) (target as HTMLElement).click();
    for (const form of submitted) {
      const viaButton = clicks.some((target) => form.contains(target));
      if (form.isConnected && !viaButton) form.requestSubmit();
    }
    clicks = changed = keys = submitted = [];
  };

  /* Should the shop's scripts fail to arrive, the page stays the document it is: nothing is held
     any more, and a link that waited behind a held click is followed. */
  return () => {
    stopHolding();
    const link = clicks.find((target) => target.matches('a[href]'));
    clicks = changed = keys = submitted = [];
    (link as HTMLElement | undefined)?.click();
  };
}

/**
 * The page knows a text field or box as it was rendered: set that back through the field's own
 * setter (what the page saw), then the shopper's value past it, and say it changed (a plain
 * 'click' event is what the page hears from a box; it does not tick it again). A field in a part
 * taken over later (a Suspense boundary) is taken over when it first hears something, and knows
 * the value it has then: it hears the rendered value first, so that the shopper's is a change.
 */
function replayChange(field: Field, value: string | boolean): void {
  const isSelect = field instanceof HTMLSelectElement;
  const property = typeof value === 'boolean' ? 'checked' : 'value';
  const rendered = field as unknown as Record<string, unknown>;
  const say = () => field.dispatchEvent(new Event(property === 'checked' ? 'click' : isSelect ? 'change' : 'input', { bubbles: true }));
  if (!isSelect) {
    rendered[property] = property === 'checked' ? (field as HTMLInputElement).defaultChecked : field.defaultValue;
    say();
  }
  // The element's own setter (its class's), past anything the page set on the field itself.
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), property)!.set!.call(field, value);
  say();
}
