import { useEffect, useState } from 'react';
import { useTranslator } from '@maison/shared';
import { hostMessages } from '../messages';
import { INTRO_FADE_MS, INTRO_PAUSE_MS, INTRO_STEP_MS, nextIntroProgress } from './introTiming';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';
import styles from './IntroScreen.module.css';

/**
 * Progress climbs to 100, pauses, then `onComplete` fires and the screen fades out.
 * The caller shows the shop 300 ms after completion.
 */
export function IntroScreen({ onComplete }: { onComplete: () => void }) {
  const t = useTranslator(hostMessages);
  const reducedMotion = usePrefersReducedMotion();
  const [progress, setProgress] = useState(0);
  const [fading, setFading] = useState(false);

  useEffect(() => {
    if (progress >= 100) return;
    const timer = setTimeout(() => setProgress((value) => nextIntroProgress(value, reducedMotion)), INTRO_STEP_MS);
    return () => clearTimeout(timer);
  }, [progress, reducedMotion]);

  useEffect(() => {
    if (progress < 100) return;
    const timer = setTimeout(
      () => {
        setFading(true);
        onComplete();
      },
      reducedMotion ? 0 : INTRO_PAUSE_MS,
    );
    return () => clearTimeout(timer);
  }, [progress, reducedMotion, onComplete]);

  return (
    <div
      className={`${styles.intro} ${fading ? styles.fading : ''}`}
      style={{ transitionDuration: `${reducedMotion ? 0 : INTRO_FADE_MS}ms` }}
      data-testid="intro-screen"
    >
      <p className={styles.wordmark}>
        <span className={styles.maison}>MAISON</span>
        <span className={styles.khan}>Khăn</span>
      </p>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={t('loadingExcellence')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
      >
        <div className={styles.bar} style={{ transform: `scaleX(${progress / 100})` }} />
      </div>
      <p className={styles.caption}>{t('loadingExcellence')}</p>
    </div>
  );
}
