/**
 * Every package imports routing from here, never from react-router-dom.
 *
 * Why: the router's contexts must exist once at run time, so it is a Module
 * Federation singleton — and a shared module is never tree-shaken. Shared
 * whole, react-router 7 (data routers, server rendering, cookies…) would take
 * about a third of the JS budget for /login. Sharing this facade instead
 * keeps one router at run time while each build tree-shakes react-router down
 * to the names below (docs/decisions/0004-shared-router-facade.md). Add a name
 * here when an area needs it; the build fails if anything imports
 * react-router directly (scripts/webpack).
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router-dom';
export type { Location, NavigateFunction, NavigateOptions, NavLinkProps, RouteObject, To } from 'react-router-dom';
