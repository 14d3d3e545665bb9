/** @jest-environment jsdom */
import { HELD_NOTE_ID, holdEarlyInput } from './earlyInput';

/** A rendered page: a button, a link, a form with a text field, a box, a select and a submit button; a link outside the shop. */
function renderedPage() {
  document.body.innerHTML = `
    <a id="outside" href="#outside">Skip</a>
    <div id="root" data-rendered>
      <button id="add" type="button"><span>ADD TO CART</span></button>
      <a id="cart" href="#cart">Cart</a>
      <form id="checkout">
        <label>Name <input id="name" value=""></label>
        <input id="save" type="checkbox">
        <select id="method"><option value="card">Card</option><option value="cod">Cash</option></select>
        <button id="send" type="submit">Send</button>
      </form>
    </div>`;
  const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
  return {
    add: byId<HTMLButtonElement>('add'),
    cart: byId<HTMLAnchorElement>('cart'),
    outside: byId<HTMLAnchorElement>('outside'),
    form: byId<HTMLFormElement>('checkout'),
    name: byId<HTMLInputElement>('name'),
    save: byId<HTMLInputElement>('save'),
    method: byId<HTMLSelectElement>('method'),
    send: byId<HTMLButtonElement>('send'),
  };
}

/** What the page heard, in order: its listeners, as the shop's would be once it is alive. */
function listen(targets: Record<string, EventTarget>, types: string[]) {
  const heard: string[] = [];
  for (const [name, target] of Object.entries(targets))
    for (const type of types)
      target.addEventListener(type, (event) => {
        heard.push(`${type} ${name}`);
        if (type === 'submit' || (type === 'click' && name.startsWith('link'))) event.preventDefault();
      });
  return heard;
}

/** What React does to a field it controls: it notes every value set through the field itself. */
function trackValue(field: HTMLInputElement) {
  const native = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;
  let known = field.value;
  Object.defineProperty(field, 'value', {
    configurable: true,
    get: () => native.get!.call(field),
    set: (value: string) => {
      known = value;
      native.set!.call(field, value);
    },
  });
  return () => known;
}

const click = (target: Element) => target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));

describe('what the shopper does before the page is alive', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    window.__maisonAlive?.();
    delete window.__maisonAlive;
    jest.useRealTimers();
  });

  it('a tap on a button is held, and made once when the page is alive; its buttons say they are not ready until then', () => {
    const page = renderedPage();
    holdEarlyInput();
    const heard = listen({ add: page.add }, ['click']);
    expect(page.add.getAttribute('aria-disabled')).toBe('true');
    expect(click(page.add.querySelector('span')!)).toBe(false);
    expect(heard).toEqual([]);
    window.__maisonAlive!();
    expect(heard).toEqual(['click add']);
    expect(page.add.hasAttribute('aria-disabled')).toBe(false);
    window.__maisonAlive!();
    click(page.add);
    expect(heard).toEqual(['click add', 'click add']);
  });

  it('a button holding a tap looks busy and is described by the held note until the tap is made', () => {
    const page = renderedPage();
    holdEarlyInput();
    const heard = listen({ add: page.add }, ['click']);
    expect(page.add.hasAttribute('aria-busy')).toBe(false);
    click(page.add.querySelector('span')!);
    expect([page.add.getAttribute('aria-busy'), page.add.getAttribute('aria-describedby')]).toEqual(['true', HELD_NOTE_ID]);
    // Still busy once the page starts taking over its HTML: the tap is not made yet.
    window.__maisonHydrating!();
    expect(page.add.getAttribute('aria-busy')).toBe('true');
    const busyWhenMade: Array<string | null> = [];
    page.add.addEventListener('click', () => busyWhenMade.push(page.add.getAttribute('aria-busy')));
    window.__maisonAlive!();
    expect(heard).toEqual(['click add']);
    expect(busyWhenMade).toEqual([null]);
    expect(page.add.hasAttribute('aria-describedby')).toBe(false);
  });

  it('a second tap on a button already holding one is the same wish: made once, not twice', () => {
    const page = renderedPage();
    holdEarlyInput();
    const heard = listen({ add: page.add, send: page.send }, ['click']);
    page.form.addEventListener('submit', (event) => event.preventDefault());
    expect(click(page.add)).toBe(false);
    expect(click(page.add.querySelector('span')!)).toBe(false);
    click(page.send);
    window.__maisonAlive!();
    expect(heard).toEqual(['click add', 'click send']);
  });

  it('scripts that fail: the held look goes with the held taps', () => {
    const page = renderedPage();
    const giveUp = holdEarlyInput();
    click(page.add);
    giveUp();
    expect(page.add.hasAttribute('aria-busy')).toBe(false);
    expect(page.add.hasAttribute('aria-describedby')).toBe(false);
  });

  it('as the page starts taking over its HTML, the buttons lose their marks (it must find the server’s markup), and a tap is still held', () => {
    const page = renderedPage();
    holdEarlyInput();
    const heard = listen({ add: page.add }, ['click']);
    window.__maisonHydrating!();
    expect(page.add.hasAttribute('aria-disabled')).toBe(false);
    expect(click(page.add)).toBe(false);
    expect(heard).toEqual([]);
    window.__maisonAlive!();
    expect(heard).toEqual(['click add']);
  });

  it('a link navigates as in any document, unless a tap is held: then it waits its turn', () => {
    const page = renderedPage();
    holdEarlyInput();
    const heard = listen({ add: page.add, link: page.cart }, ['click']);
    expect(click(page.cart)).toBe(false); // the page's own listener heard it (and stands in for navigating)
    expect(heard).toEqual(['click link']);
    click(page.add);
    click(page.cart);
    expect(heard).toEqual(['click link']);
    window.__maisonAlive!();
    expect(heard).toEqual(['click link', 'click add', 'click link']);
  });

  it('holds nothing outside the shop, and nothing a field needs (a label, a box, a select)', () => {
    const page = renderedPage();
    holdEarlyInput();
    const heard = listen({ outside: page.outside, save: page.save, method: page.method }, ['click']);
    click(page.outside);
    click(page.save);
    click(page.method);
    expect(heard).toEqual(['click outside', 'click save', 'click method']);
    expect(page.save.checked).toBe(true);
  });

  it('a key on a button (an arrow that opens a menu) is made again; Enter, Space and Tab are not held', () => {
    const page = renderedPage();
    holdEarlyInput();
    const keys: string[] = [];
    page.add.addEventListener('keydown', (event) => keys.push(`${event.key}${event.shiftKey ? '+shift' : ''}`));
    for (const key of ['ArrowDown', 'Enter', ' ', 'Tab'])
      page.add.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey: key === 'ArrowDown', bubbles: true, cancelable: true }));
    expect(keys).toEqual(['Enter', ' ', 'Tab']);
    window.__maisonAlive!();
    expect(keys).toEqual(['Enter', ' ', 'Tab', 'ArrowDown+shift']);
  });

  it('a value typed, ticked or chosen reaches the page as a change once it is alive, as the shopper left it', () => {
    const page = renderedPage();
    holdEarlyInput();
    page.name.value = 'Lan';
    page.name.dispatchEvent(new Event('input', { bubbles: true }));
    page.save.click();
    page.method.value = 'cod';
    page.method.dispatchEvent(new Event('change', { bubbles: true }));
    // Taking over the HTML sets a controlled select back to what was rendered.
    page.method.value = 'card';
    // React keeps the value it last knew on the field itself, and hears an input only when the field's value differs from it.
    const known = trackValue(page.name);
    const heard = listen({ name: page.name, save: page.save, method: page.method }, ['input', 'change', 'click']);
    page.name.addEventListener('input', () => heard.push(`known ${known()}, now ${page.name.value}`));
    window.__maisonAlive!();
    // The rendered value first (no change to a field the page knows already), then the shopper's.
    expect(heard).toEqual(['input name', 'known , now ', 'input name', 'known , now Lan', 'click save', 'click save', 'change method']);
    expect([page.name.value, page.save.checked, page.method.value]).toEqual(['Lan', true, 'cod']);
  });

  it('a field in a part taken over after the page is alive (it starts knowing its value when it first hears it) gets the shopper’s value as a change', () => {
    const page = renderedPage();
    holdEarlyInput();
    page.name.value = 'lan@example';
    page.name.dispatchEvent(new Event('input', { bubbles: true }));
    // As React takes over a Suspense boundary on the first event in it: it notes the value the field has then.
    let known: (() => string) | undefined;
    const changes: string[] = [];
    page.name.addEventListener('input', () => {
      if (!known) known = trackValue(page.name);
      else if (known() !== page.name.value) changes.push(page.name.value);
    });
    window.__maisonAlive!();
    expect(changes).toEqual(['lan@example']);
  });

  it('a form sent is sent once the page is alive, once, also when a held tap sent it', () => {
    const page = renderedPage();
    holdEarlyInput();
    // Not sent as a document's form is: the page sends it.
    expect(page.form.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }))).toBe(false);
    click(page.send);
    const heard = listen({ form: page.form }, ['submit']);
    window.__maisonAlive!();
    expect(heard).toEqual(['submit form']);
  });

  it('should the scripts fail to arrive, it holds nothing more, and a link that waited is followed', () => {
    const page = renderedPage();
    const giveUp = holdEarlyInput();
    const heard = listen({ add: page.add, link: page.cart }, ['click']);
    click(page.add);
    click(page.cart);
    giveUp();
    expect(heard).toEqual(['click link']);
    expect(page.add.hasAttribute('aria-disabled')).toBe(false);
    click(page.add);
    expect(heard).toEqual(['click link', 'click add']);
  });
});
