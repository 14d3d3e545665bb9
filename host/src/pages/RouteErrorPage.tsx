import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { usePageTitle, useTranslator } from '@maison/shared';
import { hostMessages } from '../messages';
import { ErrorPanel } from '../federation/react/RemoteArea';
import { NotFoundPage } from './NotFoundPage';

/**
 * The router's fallback for unexpected failures: shown inside the shell, never a blank page.
 * A path no route can match (react-router's `*` does not match a line break) is a 404.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <UnexpectedErrorPage error={error} />;
}

function UnexpectedErrorPage({ error }: { error: unknown }) {
  const t = useTranslator(hostMessages);
  usePageTitle(t('unexpectedError'));
  return <ErrorPanel error={error} onRetry={() => window.location.reload()} />;
}
