import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Button, Container } from 'react-bootstrap';
import { Link, Outlet, useNavigate } from 'react-router-dom';
import * as it from '../i18n/it';
import { errorMessage, useGetSessionQuery, useLogoutMutation } from '../lib/api';
import { navLinkFollowed, selectSidenavOpen, sidenavDismissed, sidenavToggleClicked } from './layoutSlice';
import { PATHS } from '../lib/paths';
import { useAppDispatch, useAppSelector } from '../lib/hooks';
import { NARROW_SCREEN, useMediaQuery } from '../lib/useMediaQuery';
import { useGetPracticeQuery } from '../lib/practiceApi';
import { setPracticeName } from '../lib/pageTitle';
import { OfflineBanner } from './offline/OfflineBanner';

export const SIDENAV_ID = 'sidenav';
/** on document.body and the header while the side navigation is open (CSS pads them on wide screens) */
export const SIDENAV_OPEN_CLASS = 'sidenav-open';

/** the side navigation's Offcanvas and its transitions: a chunk of their own, not in the first download */
const loadSideNav = () => import('./SideNav');
const SideNav = lazy(() => loadSideNav().then((m) => ({ default: m.SideNav })));

/** runs `task` when the browser is idle (at most 3 s later); the returned function cancels it */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 1000);
  return () => clearTimeout(id);
}

/**
 * Page frame (visitors and users): a fixed header with the brand, the side-navigation toggle and the logged-in user;
 * the side navigation pushes body and header on wide screens and overlays them on phones.
 */
export function Layout() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectSidenavOpen);
  const narrow = useMediaQuery(NARROW_SCREEN);
  const { data: session } = useGetSessionQuery();
  const user = session?.user ?? null;
  /** visitors' links only once the session says there is no user */
  const sessionKnown = session !== undefined;
  const [logout, { isLoading: loggingOut, error: logoutError, reset: resetLogout }] = useLogoutMutation();
  const navigate = useNavigate();
  const practice = useGetPracticeQuery().data;
  const practiceName = practice?.name ?? it.app.brand;

  useEffect(() => setPracticeName(practiceName), [practiceName]);

  // the side navigation mounts when first opened and stays (its closing transition); its code is fetched when the
  // browser is idle after the page has rendered (not while the page's own code and data load), so that the first
  // click does not wait for it
  const [sidenavLoaded, setSidenavLoaded] = useState(open);
  if (open && !sidenavLoaded) setSidenavLoaded(true);
  useEffect(() => whenIdle(() => void loadSideNav()), []);

  useEffect(() => {
    document.body.classList.toggle(SIDENAV_OPEN_CLASS, open);
    return () => document.body.classList.remove(SIDENAV_OPEN_CLASS);
  }, [open]);

  const followed = () => dispatch(navLinkFollowed({ narrowScreen: narrow }));

  const onLogout = async () => {
    try {
      await logout().unwrap();
      void navigate(PATHS.login, { replace: true });
    } catch {
      /* the alert below shows it */
    }
  };

  return (
    <>
      <a className="visually-hidden-focusable app-skip-link" href="#main">
        {it.app.skipToContent}
      </a>
      {/* Bootstrap's navbar classes without react-bootstrap's Navbar, which brings its Offcanvas and Collapse along;
          a <header> is the page's banner, not a navigation (that is the side menu's <nav>) */}
      <header
        role="banner"
        data-bs-theme="dark"
        className={['app-header', open ? SIDENAV_OPEN_CLASS : '', 'navbar navbar-expand navbar-light bg-primary fixed-top'].filter(Boolean).join(' ')}
        data-testid="app-header"
      >
        <Container fluid className="gap-2 flex-nowrap">
          <Button
            variant="outline-light"
            className="app-sidenav-toggle"
            aria-controls={SIDENAV_ID}
            aria-expanded={open}
            aria-label={it.layout.toggleNav}
            onClick={() => dispatch(sidenavToggleClicked())}
          >
            <span className="navbar-toggler-icon" aria-hidden="true" />
          </Button>
          <Link to={user ? '/' : PATHS.booking} className="me-auto text-truncate d-flex align-items-center gap-2 app-brand navbar-brand">
            {practice && <img src={practice.logoUrl} alt="" width={32} height={32} className="app-logo" />}
            <span className="text-truncate">{practiceName}</span>
          </Link>
          {user && (
            <span className="text-truncate small d-none d-sm-block text-white app-header-user navbar-text">
              {it.layout.loggedInAs(user.name, it.roles[user.role])}
            </span>
          )}
        </Container>
      </header>

      {sidenavLoaded && (
        <Suspense fallback={null}>
          <SideNav
            id={SIDENAV_ID}
            open={open}
            narrow={narrow}
            user={user}
            sessionKnown={sessionKnown}
            loggingOut={loggingOut}
            onHide={() => dispatch(sidenavDismissed())}
            followed={followed}
            onLogout={() => void onLogout()}
          />
        </Suspense>
      )}

      <main id="main" tabIndex={-1} className="app-main">
        <Container fluid="lg" className="py-3">
          <OfflineBanner />
          {logoutError !== undefined && (
            <Alert variant="danger" dismissible show onClose={resetLogout} closeLabel={it.app.dismiss}>
              {errorMessage(logoutError, it.login.logoutFailed)}
            </Alert>
          )}
          <Outlet />
        </Container>
      </main>
    </>
  );
}
