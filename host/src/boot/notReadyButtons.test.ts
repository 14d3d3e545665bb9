/** @jest-environment jsdom */
import { markButtonsNotReady, RELEASE_BUTTONS_AFTER_MS } from './earlyInput';

const notReady = () => [...document.querySelectorAll('button')].map((button) => button.getAttribute('aria-disabled'));

describe('a rendered page’s buttons until it is alive', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('say they are not ready, without being disabled, until released', () => {
    document.body.innerHTML = '<div id="root" data-rendered><button>Add</button><button aria-disabled="false">Kept</button></div>';
    const release = markButtonsNotReady();
    expect(notReady()).toEqual(['true', 'false']);
    expect(document.querySelector('button')!.disabled).toBe(false);
    release();
    expect(notReady()).toEqual([null, 'false']);
  });

  it('are marked once the document is parsed, when the script runs before them', () => {
    jest.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    document.body.innerHTML = '';
    markButtonsNotReady();
    document.body.innerHTML = '<div id="root" data-rendered><button>Add</button></div>';
    expect(notReady()).toEqual([null]);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(notReady()).toEqual(['true']);
  });

  it('stop saying so after 10 s, should the scripts never finish arriving', () => {
    document.body.innerHTML = '<div id="root" data-rendered><button>Add</button></div>';
    markButtonsNotReady();
    jest.advanceTimersByTime(RELEASE_BUTTONS_AFTER_MS - 1);
    expect(notReady()).toEqual(['true']);
    jest.advanceTimersByTime(1);
    expect(notReady()).toEqual([null]);
  });

  it('are left alone on a page rendered in the browser (the shell)', () => {
    document.body.innerHTML = '<div id="root"><button>Add</button></div>';
    markButtonsNotReady();
    expect(notReady()).toEqual([null]);
  });
});
