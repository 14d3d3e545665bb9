/** The boot script: the body's first element, inline, the only script before the first paint. */
// Why: docs/decisions/build-and-render.md#boot-script
import { holdEarlyInput, whenParsed } from './earlyInput';
import { forgetFailedChunks } from './firstViewChunks';
import { markIntroPending } from './introMark';
import { moveToChosenLanguage } from './languageMove';
import { afterFirstPaint, startMain } from './mainScript';

const main = document.currentScript?.getAttribute('data-main');
if (!moveToChosenLanguage()) {
  markIntroPending();
  forgetFailedChunks();
  const giveUp = holdEarlyInput();
  whenParsed(() => afterFirstPaint(() => startMain(main!, giveUp)));
}
