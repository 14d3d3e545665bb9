/*
 * The first script of a rendered page: external (the policy allows no inline script), tiny,
 * and the only one that blocks the first paint.
 * 0. A stored choice of language moves the page to its address in that language, unpainted.
 * 1. The intro's rule: on a session's first visit the page is covered until the intro has played
 *    (html[data-intro=pending], appShell.css, introGate.ts); later loads show it at once.
 * 2. The shop's scripts start after the first paint, so they do not compete with the page's
 *    own content for the network: main.js (data-main) is added once the page has painted.
 * 3. Until the page is alive, what the shopper does is kept, not lost: a click on a button (a link
 *    navigates, as in any document; a field takes its input) is held and made again once the page
 *    is alive, a value typed, chosen or ticked is handed to the page as a change then, and a form
 *    sent is sent then (the page calls window.__maisonAlive once it has taken over its HTML).
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
  /* Buttons take no pointer events until the page is alive (appShell.css): the one under the pointer. */
  function buttonAt(event) {
    var buttons = doc.getElementById('root').querySelectorAll('button');
    for (var i = 0; i < buttons.length; i += 1) {
      var box = buttons[i].getBoundingClientRect();
      if (event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom)
        return buttons[i];
    }
    return event.target;
  }
  function holdClick(event) {
    if (!inShop(event.target) || event.target.closest('a[href], input, select, textarea, label, option')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    clicks.push(event.detail > 0 && !event.target.closest('button') ? buttonAt(event) : event.target);
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
     button, such as the arrows that open a menu, are made again too. */
  function holdKey(event) {
    if (!inShop(event.target) || !event.target.closest('button') || event.key === 'Enter' || event.key === ' ') return;
    event.preventDefault();
    event.stopImmediatePropagation();
    keys.push(event);
  }
  function holdSubmit(event) {
    if (!inShop(event.target)) return;
    event.preventDefault();
    if (submitted.indexOf(event.target) < 0) submitted.push(event.target);
  }
  doc.addEventListener('click', holdClick, true);
  doc.addEventListener('keydown', holdKey, true);
  doc.addEventListener('input', noteChange, true);
  doc.addEventListener('change', noteChange, true);
  doc.addEventListener('submit', holdSubmit, true);

  /* Called once the page is alive (hydrated): what was held goes to the page. */
  window.__maisonAlive = function () {
    doc.removeEventListener('click', holdClick, true);
    doc.removeEventListener('keydown', holdKey, true);
    doc.removeEventListener('input', noteChange, true);
    doc.removeEventListener('change', noteChange, true);
    doc.removeEventListener('submit', holdSubmit, true);
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

  /* Everything the first view needs (data-preload: "script:/a.js fetch:/remotes.json …"), at
     once: main.js would otherwise find each piece only after the one before it. */
  function start() {
    (script.getAttribute('data-preload') || '').split(' ').forEach(function (item) {
      var split = item.indexOf(':');
      if (split < 0) return;
      var link = doc.createElement('link');
      link.rel = 'preload';
      link.as = item.slice(0, split);
      link.href = item.slice(split + 1);
      if (link.as === 'fetch') link.crossOrigin = 'anonymous';
      doc.head.appendChild(link);
    });
    var main = doc.createElement('script');
    main.src = script.getAttribute('data-main');
    doc.head.appendChild(main);
  }
  /* Once the page's content is on screen (its first contentful paint). Under the intro nothing
     is, until the scripts draw it: there, and where paints are not reported, after the first
     frame has been painted (a frame's callbacks run before it is painted, the next one's after).
     A page that never paints (a tab opened in the background) starts after 3 s. */
  function afterFirstPaint() {
    var started = false;
    function once() {
      if (!started) setTimeout(start, 0);
      started = true;
    }
    var observed = false;
    try {
      if (doc.documentElement.getAttribute('data-intro') == null && PerformanceObserver.supportedEntryTypes.indexOf('paint') >= 0) {
        new PerformanceObserver(function (list) {
          if (list.getEntriesByName('first-contentful-paint').length > 0) once();
        }).observe({ type: 'paint', buffered: true });
        observed = true;
      }
    } catch (error) {
      // No paint timing here: frames, below.
    }
    if (!observed)
      requestAnimationFrame(function () {
        requestAnimationFrame(once);
      });
    setTimeout(once, 3000);
  }
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', afterFirstPaint);
  else afterFirstPaint();
})();
