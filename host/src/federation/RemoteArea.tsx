import { Component, useCallback, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslator, type RemoteName } from '@maison/shared';
import { hostMessages } from '../messages';
import { getLoadedRemoteModule, isLoadFailure, loadRemoteModule, resetRemote } from './remoteRegistry';
import { ErrorPanel, UnavailablePanel } from './RemotePanels';
import styles from './RemoteArea.module.css';

type LoadState<T> = { status: 'loading' } | { status: 'ready'; module: T } | { status: 'unavailable' };

function useRemoteModule<T>(remote: RemoteName, expose: string, attempt: number): LoadState<T> {
  const id = `${remote}/${expose}`;
  const [state, setState] = useState<LoadState<T>>(() => {
    const cached = getLoadedRemoteModule<T>(id);
    return cached ? { status: 'ready', module: cached } : { status: 'loading' };
  });

  useEffect(() => {
    let cancelled = false;
    const cached = getLoadedRemoteModule<T>(id);
    if (cached) {
      setState({ status: 'ready', module: cached });
      return;
    }
    setState({ status: 'loading' });
    loadRemoteModule<T>(remote, expose).then(
      (module) => !cancelled && setState({ status: 'ready', module }),
      () => !cancelled && setState({ status: 'unavailable' }),
    );
    return () => {
      cancelled = true;
    };
  }, [id, remote, expose, attempt]);

  return state;
}

interface RemoteAreaProps<T> {
  remote: RemoteName;
  expose: string;
  render: (module: T) => ReactNode;
  /** A smaller panel for areas inside other content (home cards, search panel). */
  compact?: boolean;
}

/**
 * One remote's area of the page. Whatever happens inside (remote down, chunk missing,
 * a bug that throws) stays inside: the header, footer and other routes keep working.
 */
export function RemoteArea<T>({ remote, expose, render, compact = false }: RemoteAreaProps<T>) {
  const [attempt, setAttempt] = useState(0);
  const state = useRemoteModule<T>(remote, expose, attempt);
  const { pathname } = useLocation();
  const t = useTranslator(hostMessages);

  const retry = useCallback(() => {
    resetRemote(remote);
    setAttempt((count) => count + 1);
  }, [remote]);

  if (state.status === 'loading') {
    return (
      <div className={compact ? styles.loadingCompact : styles.loading} role="status">
        <span className={styles.spinner} aria-hidden="true" />
        {t('loading')}
      </div>
    );
  }
  if (state.status === 'unavailable') return <UnavailablePanel onRetry={retry} compact={compact} />;
  return (
    <RemoteErrorBoundary resetKey={`${pathname}#${attempt}`} onRetry={retry} compact={compact}>
      {render(state.module)}
    </RemoteErrorBoundary>
  );
}

/** Renders one named export of a remote's `pages` module as a route element. */
export function RemotePage<M>({ remote, page }: { remote: RemoteName; page: keyof M & string }) {
  return (
    <RemoteArea<M>
      remote={remote}
      expose="pages"
      render={(module) => {
        const Page = module[page] as ComponentType;
        return <Page />;
      }}
    />
  );
}

interface BoundaryProps {
  resetKey: string;
  onRetry: () => void;
  compact: boolean;
  children: ReactNode;
}
interface BoundaryState {
  error: unknown;
  resetKey: string;
}

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
    if (isLoadFailure(error)) return <UnavailablePanel onRetry={this.props.onRetry} compact={this.props.compact} />;
    return <ErrorPanel error={error} onRetry={this.props.onRetry} />;
  }
}
