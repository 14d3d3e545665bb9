/**
 * What the page shares as `react-router-dom`: the router API the shop uses, from react-router's
 * production build. A shared package is never tree-shaken (consumers are unknown at build
 * time), so sharing all of react-router shipped about twice the code; this facade ships only
 * these names, and it is still one singleton under the `react-router-dom` share key.
 *
 * Part of the contract between teams: an app may import only these values from
 * react-router-dom (types are free). `npm run typecheck` enforces it: tsconfig.json maps the
 * package to this file. To use another one, add it here first and release the host before the
 * remote that needs it (README, "Evolving the shared contract").
 */
export {
  createBrowserRouter,
  isRouteErrorResponse,
  Link,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
} from 'react-router';
export { RouterProvider } from 'react-router/dom';
export type * from 'react-router';
