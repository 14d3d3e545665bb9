/**
 * The first script of a rendered page, the first element of its body: in the page (its hash is in
 * the page policy), tiny, and the only one that runs before the first paint. Not in the head:
 * a browser holds low-priority requests (the page's script preloads) back while a script blocks
 * the head. Built on its own, without the federation runtime or any shared library
 * (webpack/bootScript.ts); server/pageDocument.ts writes its tag, with main.js in data-main.
 * 1. A stored choice of language moves the page to its address in that language, unpainted.
 * 2. The intro's rule: on a session's first visit the page is covered until the intro has played.
 * 3. Until the page is alive, what the shopper does is held for it (./earlyInput.ts).
 * 4. The shop's scripts run after the first paint, so they do not hold it up (./mainScript.ts);
 *    a chunk of the first view that fails to arrive is fetched again when asked for (./firstViewChunks.ts).
 */
import { holdEarlyInput } from './earlyInput';
import { forgetFailedChunks } from './firstViewChunks';
import { markIntroPending } from './introMark';
import { moveToChosenLanguage } from './languageMove';
import { afterFirstPaint, startMain } from './mainScript';
import { whenParsed } from './whenParsed';

const main = document.currentScript?.getAttribute('data-main');
if (!moveToChosenLanguage()) {
  markIntroPending();
  forgetFailedChunks();
  const giveUp = holdEarlyInput();
  whenParsed(() => afterFirstPaint(() => startMain(main!, giveUp)));
}
