/**
 * What the page shares as `react-router-dom`: the router API the shop uses, from react-router's
 * production build. A shared package is never tree-shaken (consumers are unknown at build
 * time), so sharing all of react-router shipped about twice the code; this facade ships only
 * these names, and it is still one singleton under the `react-router-dom` share key.
 *
 * Part of @maison/shared's versioned contract (./README.md): an app may import only these
 * values from react-router-dom, and none from react-router itself (types are free). ESLint's
 * `maison/facade-contract` rule refuses any other, and `npm run typecheck` sees the package as
 * this file. ./contract.test.ts keeps this list, ./contract.json and the apps' imports equal.
 */
export {
  createBrowserRouter,
  isRouteErrorResponse,
  Link,
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
