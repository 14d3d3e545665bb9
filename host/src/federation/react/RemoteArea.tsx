import { Component, createContext, useCallback, useContext, useEffect, useId, useSyncExternalStore } from 'react';
import type { ComponentProps, ComponentType, ErrorInfo, ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslator, type RemoteComponents, type RemoteModule, type RemoteModuleId } from '@maison/shared';
import { AREA_ATTRIBUTE, remoteOf } from '../moduleIds';
import { hostMessages } from '../../messages';
import { errorMessage } from '../../errorMessage';
import type { RemoteModuleStore } from './remoteModuleStore';
import { isLoadFailure } from '../loading/loadFailure';
import styles from './RemoteArea.module.css';

const RemoteModulesContext = createContext<RemoteModuleStore | null>(null);

export const RemoteModulesProvider = RemoteModulesContext.Provider;

type RemoteAreaProps<Id extends RemoteModuleId> = {
  id: Id;
  /** Shown until the module arrives; it should take the space the content will take. */
  placeholder: ReactNode;
  /** A smaller panel for areas inside other content (home cards, search panel). */
  compact?: boolean;
} & (ComponentProps<RemoteComponents[Id]> extends Record<string, never>
  ? { props?: undefined }
  : { props: ComponentProps<RemoteComponents[Id]> });

/** One remote's area of the page: whatever fails inside (remote down, a bug that throws) stays inside. */
export function RemoteArea<Id extends RemoteModuleId>({ id, placeholder, compact = false, props }: RemoteAreaProps<Id>) {
  const store = useContext(RemoteModulesContext);
  if (!store) throw new Error('RemoteArea must be used within RemoteModulesProvider');
  // Same snapshot on the server and while hydrating: both load the route's modules first.
  const snapshot = () => store.get(id);
  const state = useSyncExternalStore(store.subscribe, snapshot, snapshot);
  useEffect(() => {
    if (state.status === 'idle') void store.load(id);
  }, [store, id, state.status]);
  const { pathname } = useLocation();
  // Retry forgets the module (the placeholder shows, the boundary goes): it comes back with a fresh boundary.
  const retry = useCallback(() => store.retry(remoteOf(id)), [store, id]);

  if (state.status === 'unavailable') return <ErrorPanel unavailable onRetry={retry} compact={compact} />;
  if (state.status !== 'ready') return placeholder;
  const RemoteComponent = (state.module as RemoteModule<Id>).default as ComponentType<object>;
  return (
    // The area's element takes no box of its own; it names the module for the page's vitals (status/pageStatus.ts).
    <div className={styles.area} {...{ [AREA_ATTRIBUTE]: id }}>
      <RemoteErrorBoundary resetKey={`${id}#${pathname}`} onRetry={retry} compact={compact}>
        <RemoteComponent {...(props ?? {})} />
      </RemoteErrorBoundary>
    </div>
  );
}

/** A loading state that takes the content's space (`cards` product-card blocks) so nothing jumps. */
export function LoadingPlaceholder({ compact = false, cards = 0 }: { compact?: boolean; cards?: number }) {
  const t = useTranslator(hostMessages);
  const className = cards > 0 ? styles.cards : compact ? styles.loadingCompact : styles.loading;
  return (
    <div className={className} data-testid="remote-loading">
      <span role="status" className="mk-visually-hidden">
        {t('loading')}
      </span>
      {Array.from({ length: cards }, (_, index) => (
        <div key={index} className={styles.card} />
      ))}
    </div>
  );
}

type PanelProps = { onRetry: () => void; compact?: boolean };
type ErrorPanelProps = PanelProps & { error?: unknown; unavailable?: boolean };
type BoundaryProps = PanelProps & { resetKey: string; children: ReactNode };
type BoundaryState = { error: unknown; resetKey: string };

class RemoteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    // A new route or a retry gives the remote a fresh start.
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('[remote] a remote area failed to render', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const unavailable = isLoadFailure(error);
    // A remote's code that crashed gets the full panel, whatever its area's size.
    return <ErrorPanel error={error} unavailable={unavailable} onRetry={this.props.onRetry} compact={unavailable && this.props.compact} />;
  }
}

/** A remote area that cannot load (`unavailable`), or a remote's page that threw or the router's unexpected failure (pages/RouteErrorPage.tsx): the page's h1. */
export function ErrorPanel({ error, unavailable = false, onRetry, compact = false }: ErrorPanelProps) {
  const t = useTranslator(hostMessages);
  const headingId = useId();
  const Heading = unavailable ? 'h2' : 'h1';
  return (
    <section className={compact ? styles.panelCompact : styles.panel} aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.title}>
        {t(unavailable ? 'sectionUnavailable' : 'unexpectedError')}
      </Heading>
      <p className={styles.text}>{t(unavailable ? 'sectionUnavailableHelp' : 'unexpectedErrorHelp')}</p>
      {!unavailable && <pre className={styles.errorText}>{errorMessage(error)}</pre>}
      <button type="button" className={styles.retry} onClick={onRetry}>
        {t('retry')}
      </button>
    </section>
  );
}
