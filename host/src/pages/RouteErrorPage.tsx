import { useRouteError } from 'react-router-dom';
import { ErrorPanel } from '../federation/RemotePanels';

/** The router's fallback for unexpected failures: shown inside the shell, never a blank page. */
export function RouteErrorPage() {
  const error = useRouteError();
  return <ErrorPanel error={error} onRetry={() => window.location.reload()} />;
}
