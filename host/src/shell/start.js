/*
 * The first script of a rendered page, the first element of its body: external (the policy
 * allows no inline script), tiny, and the only one that blocks the first paint. Not in the head:
 * a browser holds low-priority requests (the page's script preloads) back while a script blocks
 * the head.
 * 0. A stored choice of language moves the page to its address in that language, unpainted.
 * 1. The intro's rule: on a session's first visit the page is covered until the intro has played
 *    (html[data-intro=pending], appShell.css, introGate.ts); later loads show it at once.
 * 2. The shop's scripts run after the first paint, so they do not hold it up: the page's head
 *    preloads them at low priority, and main.js (data-main) is added once the page and its main
 *    pictures have painted.
 * 3. Until the page is alive it is a working document: links navigate, Tab moves, nothing is
 *    disabled by style (its buttons say they are not ready: aria-disabled). What the shopper does
 *    is kept, not lost: a click on a button is held and made again
 *    once the page is alive (a link after it waits its turn), a value typed, chosen or ticked is
 *    handed to the page as a change then, and a form sent is sent then (the page calls
 *    window.__maisonAlive once it has taken over its HTML).
 * The session key is introTiming.ts's VISITED_SESSION_KEY; introTiming.test.ts checks they agree.
 */
/* global document, window, requestAnimationFrame, setTimeout, PerformanceObserver, HTMLInputElement, HTMLTextAreaElement, HTMLSelectElement, Event, KeyboardEvent */
(function () {
  var doc = document;
  var script = doc.currentScript;
  /* 0. The shopper's stored choice of language wins over the address's: the page moves to the
     same page's address in the chosen language before anything of it is painted (as
     shared/src/i18n/languagePath.ts addressForChoice says; data-languages holds each language's
     path prefix, data-language-key where the choice is stored). */
  try {
    var prefixes = JSON.parse(script.getAttribute('data-languages'));
    var chosen = window.localStorage.getItem(script.getAttribute('data-language-key'));
    var path = window.location.pathname;
    var here = null;
    var within = path;
    Object.keys(prefixes).forEach(function (language) {
      var prefix = prefixes[language];
      if (prefix && (path === prefix || path.indexOf(prefix + '/') === 0)) {
        here = language;
        within = path.slice(prefix.length) || '/';
      }
    });
    if (here === null)
      here = Object.keys(prefixes).filter(function (language) {
        return !prefixes[language];
      })[0];
    if (chosen && Object.prototype.hasOwnProperty.call(prefixes, chosen) && chosen !== here) {
      doc.documentElement.setAttribute('data-moving', '');
      window.location.replace(prefixes[chosen] + within + window.location.search + window.location.hash);
      return;
    }
  } catch (error) {
    // No storage, or no choice: the address's language.
  }
  try {
    if (window.sessionStorage.getItem('hasVisited') == null) doc.documentElement.setAttribute('data-intro', 'pending');
  } catch (error) {
    // No session storage: no intro, as in the client-rendered shop.
  }

  var clicks = [];
  var changed = [];
  var keys = [];
  var submitted = [];
  function inShop(target) {
    var root = doc.getElementById('root');
    return root && target instanceof window.Element && root.contains(target);
  }
  /* A click on a button is held (the page's code is not there yet) and made again, once, when
     the page is alive. A link navigates as in any document, unless a click is already held: then
     it waits its turn too, so "add to cart, then go to the cart" happens in that order. */
  function holdClick(event) {
    if (!inShop(event.target) || event.target.closest('input, select, textarea, label, option')) return;
    var link = event.target.closest('a[href]');
    if (link && clicks.length === 0) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    clicks.push(link || event.target.closest('button') || event.target);
  }
  /* The value as the shopper left it: taking over the HTML resets a controlled field (a select's
     choice) to what was rendered, so it is read now, not then. */
  function valueOf(field) {
    return field.type === 'checkbox' || field.type === 'radio' ? field.checked : field.value;
  }
  function noteChange(event) {
    if (!inShop(event.target)) return;
    var found = changed.filter(function (entry) {
      return entry.field === event.target;
    })[0];
    if (found) found.value = valueOf(event.target);
    else changed.push({ field: event.target, value: valueOf(event.target) });
  }
  /* Keys other than those that click a button (Enter, Space: the click is held) on a focused
     button, such as the arrows that open a menu, are made again too. Tab is never held: focus
     moves through the page as through any document. */
  function holdKey(event) {
    if (!inShop(event.target) || !event.target.closest('button') || ['Enter', ' ', 'Tab'].indexOf(event.key) >= 0) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    keys.push(event);
  }
  function holdSubmit(event) {
    if (!inShop(event.target)) return;
    event.preventDefault();
    if (submitted.indexOf(event.target) < 0) submitted.push(event.target);
  }
  /* Until then the page's buttons say so (aria-disabled: read out, and waited for by automation,
     as any control not ready yet), without being disabled: a tap on one is still kept, Tab still
     moves through them. Should main.js fail to load, they are released (giveUp, below). */
  var marked = [];
  function markButtons() {
    var root = doc.getElementById('root');
    if (!root || !root.hasAttribute('data-rendered')) return;
    var buttons = root.querySelectorAll('button:not([aria-disabled])');
    for (var i = 0; i < buttons.length; i += 1) {
      buttons[i].setAttribute('aria-disabled', 'true');
      marked.push(buttons[i]);
    }
  }
  function unmarkButtons() {
    marked.forEach(function (button) {
      button.removeAttribute('aria-disabled');
    });
    marked = [];
  }
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', markButtons);
  else markButtons();
  /* Scripts that never finish arriving: after 10 s the buttons stop saying they are not ready
     (a tap on one is still kept, should the page come alive after all). */
  setTimeout(unmarkButtons, 10000);
  doc.addEventListener('click', holdClick, true);
  doc.addEventListener('keydown', holdKey, true);
  doc.addEventListener('input', noteChange, true);
  doc.addEventListener('change', noteChange, true);
  doc.addEventListener('submit', holdSubmit, true);

  function stopHolding() {
    unmarkButtons();
    doc.removeEventListener('click', holdClick, true);
    doc.removeEventListener('keydown', holdKey, true);
    doc.removeEventListener('input', noteChange, true);
    doc.removeEventListener('change', noteChange, true);
    doc.removeEventListener('submit', holdSubmit, true);
  }
  /* Should the shop's scripts fail to arrive, the page stays the document it is: nothing is held
     any more, and a link that waited behind a held click is followed. */
  function giveUp() {
    stopHolding();
    var link = clicks.filter(function (target) {
      return target.matches('a[href]');
    })[0];
    clicks = changed = keys = submitted = [];
    if (link) link.click();
  }

  /* Called once the page is alive (hydrated): what was held goes to the page. */
  window.__maisonAlive = function () {
    stopHolding();
    changed.forEach(function (entry) {
      var field = entry.field;
      var isSelect = field instanceof HTMLSelectElement;
      var proto = isSelect ? HTMLSelectElement : field instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
      var property = typeof entry.value === 'boolean' ? 'checked' : 'value';
      // The page knows a text field or box as it was rendered: set that back through the field's
      // own setter (what the page saw), then the shopper's value past it, and say it changed (a
      // plain 'click' event is what the page hears from a box; it does not tick it again).
      if (!isSelect) field[property] = property === 'checked' ? field.defaultChecked : field.defaultValue;
      Object.getOwnPropertyDescriptor(proto.prototype, property).set.call(field, entry.value);
      field.dispatchEvent(new Event(property === 'checked' ? 'click' : isSelect ? 'change' : 'input', { bubbles: true }));
    });
    keys.forEach(function (event) {
      if (!event.target.isConnected) return;
      var init = {
        key: event.key,
        code: event.code,
        shiftKey: event.shiftKey,
        altKey: event.altKey,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
      };
      event.target.dispatchEvent(new KeyboardEvent('keydown', Object.assign(init, { bubbles: true, cancelable: true })));
    });
    clicks.forEach(function (target) {
      if (target.isConnected) target.click();
    });
    submitted.forEach(function (form) {
      var viaButton = clicks.some(function (target) {
        return form.contains(target);
      });
      if (form.isConnected && !viaButton) form.requestSubmit();
    });
    clicks = changed = keys = submitted = [];
  };

  /* main.js (preloaded, with every other script of the first view, by the page's head). */
  function start() {
    var main = doc.createElement('script');
    main.src = script.getAttribute('data-main');
    main.onerror = giveUp;
    doc.head.appendChild(main);
  }
  /* Once the page's content is on screen: after its first frame has been painted (a frame's
     callbacks run before it is painted, the next one's after; no frame is made while the
     stylesheets block rendering), or its first contentful paint if that is reported sooner (a
     performance observer's report comes as a low-priority task: on a slow phone it came 0.3 s
     after the paint). Under the intro nothing is on screen until the scripts draw it: frames
     only. A page that never paints (a tab opened in the background) starts after 3 s. */
  function afterFirstPaint() {
    var started = false;
    var waiting = 1 + waitForMainPictures(done);
    function once() {
      if (!started) setTimeout(start, 0);
      started = true;
    }
    function done() {
      waiting -= 1;
      if (waiting === 0) once();
    }
    var painted = false;
    function onPaint() {
      if (!painted) done();
      painted = true;
    }
    try {
      if (doc.documentElement.getAttribute('data-intro') == null && PerformanceObserver.supportedEntryTypes.indexOf('paint') >= 0) {
        new PerformanceObserver(function (list) {
          if (list.getEntriesByName('first-contentful-paint').length > 0) onPaint();
        }).observe({ type: 'paint', buffered: true });
      }
    } catch (error) {
      // No paint timing here: frames only.
    }
    requestAnimationFrame(function () {
      requestAnimationFrame(onPaint);
    });
    setTimeout(once, 3000);
  }
  /* ...and once the first view's main pictures (those it fetches first: fetchpriority=high) have
     been painted. They are small and come with the stylesheets, long before the scripts on a slow
     line; where the scripts are there first (a fast line, a warm cache), running them then would
     hold the page's largest paint back behind its start-up work. A picture is painted when the
     browser reports it as the largest paint so far; one that is not the largest (no report comes)
     counts as painted 0.5 s after it arrived; a browser without that report: two frames after it
     was decoded. Calls `done` once per picture; returns how many it waits for. */
  function waitForMainPictures(done) {
    if (doc.documentElement.getAttribute('data-intro') != null) return 0;
    var pending = [];
    var pictures = doc.querySelectorAll('#root img[fetchpriority="high"]');
    var reported = false;
    try {
      reported = PerformanceObserver.supportedEntryTypes.indexOf('largest-contentful-paint') >= 0;
    } catch (error) {
      // No performance observer: frames only.
    }
    function finish(picture) {
      var index = pending.indexOf(picture);
      if (index < 0) return;
      pending.splice(index, 1);
      done();
    }
    function arrived(picture) {
      if (reported) setTimeout(finish.bind(null, picture), 500);
      else
        (picture.decode ? picture.decode() : Promise.resolve()).then(
          function () {
            requestAnimationFrame(function () {
              requestAnimationFrame(finish.bind(null, picture));
            });
          },
          finish.bind(null, picture),
        );
    }
    for (var i = 0; i < pictures.length; i += 1) {
      var picture = pictures[i];
      pending.push(picture);
      picture.addEventListener('error', finish.bind(null, picture), { once: true });
      if (picture.complete) arrived(picture);
      else picture.addEventListener('load', arrived.bind(null, picture), { once: true });
    }
    if (reported && pending.length > 0)
      new PerformanceObserver(function (list) {
        list.getEntries().forEach(function (entry) {
          finish(entry.element);
        });
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    return pending.length;
  }
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', afterFirstPaint);
  else afterFirstPaint();
})();
