import { useEffect } from 'react';
import { Alert, Button, Container, Nav, Navbar, Offcanvas } from 'react-bootstrap';
import { Link, NavLink, Outlet, useNavigate } from 'react-router-dom';
import { it } from '../i18n/it';
import { errorMessage, useGetSessionQuery, useLogoutMutation } from '../lib/api';
import { navLinkFollowed, selectSidenavOpen, sidenavDismissed, sidenavToggleClicked } from './layoutSlice';
import { AUDIT_PATH, AUDIT_ROLES, canManageCalendars, PATHS } from '../lib/paths';
import { useAppDispatch, useAppSelector } from '../lib/hooks';
import { NARROW_SCREEN, useMediaQuery } from '../lib/useMediaQuery';
import { useGetPracticeQuery } from '../lib/practiceApi';
import { setPracticeName } from '../lib/pageTitle';

export const SIDENAV_ID = 'sidenav';
/** on document.body and the header while the side navigation is open (CSS pads them on wide screens) */
export const SIDENAV_OPEN_CLASS = 'sidenav-open';

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
      <Navbar
        as="header"
        // a <header> is the page's banner, not a navigation (that is the side menu's <nav>)
        role="banner"
        fixed="top"
        bg="primary"
        data-bs-theme="dark"
        className={['app-header', open ? SIDENAV_OPEN_CLASS : ''].filter(Boolean).join(' ')}
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
          <Navbar.Brand as={Link} to={user ? '/' : PATHS.booking} className="me-auto text-truncate d-flex align-items-center gap-2 app-brand">
            {practice && <img src={practice.logoUrl} alt="" width={32} height={32} className="app-logo" />}
            <span className="text-truncate">{practiceName}</span>
          </Navbar.Brand>
          {user && (
            <Navbar.Text className="text-truncate small d-none d-sm-block text-white app-header-user">
              {it.layout.loggedInAs(user.name, it.roles[user.role])}
            </Navbar.Text>
          )}
        </Container>
      </Navbar>

      <Offcanvas
        id={SIDENAV_ID}
        show={open}
        onHide={() => dispatch(sidenavDismissed())}
        placement="start"
        className="app-sidenav"
        aria-labelledby="sidenav-title"
        // phones: a modal overlay; wide screens: a panel beside the page, which stays usable
        backdrop={narrow}
        scroll={!narrow}
        enforceFocus={narrow}
        aria-modal={narrow}
      >
        <Offcanvas.Header closeButton closeLabel={it.layout.closeNav}>
          <Offcanvas.Title id="sidenav-title" as="h2" className="h5">
            {it.layout.navTitle}
          </Offcanvas.Title>
        </Offcanvas.Header>
        <Offcanvas.Body>
          {user && <p className="small text-body-secondary border-bottom pb-2 mb-2 d-sm-none">{it.layout.loggedInAs(user.name, it.roles[user.role])}</p>}
          <nav aria-label={it.layout.navLabel}>
            <Nav className="flex-column" as="ul">
              {user && canManageCalendars(user.role) && (
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to={PATHS.availability} onClick={followed}>
                    {it.layout.availability}
                  </Nav.Link>
                </Nav.Item>
              )}
              {user && canManageCalendars(user.role) && (
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to={PATHS.agenda} onClick={followed}>
                    {it.layout.agenda}
                  </Nav.Link>
                </Nav.Item>
              )}
              {user && canManageCalendars(user.role) && (
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to={PATHS.questionnaires} onClick={followed}>
                    {it.layout.questionnaires}
                  </Nav.Link>
                </Nav.Item>
              )}
              {user && canManageCalendars(user.role) && (
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to={PATHS.visitTypes} onClick={followed}>
                    {it.visitTypes.title}
                  </Nav.Link>
                </Nav.Item>
              )}
              {user && canManageCalendars(user.role) && (
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to={PATHS.fiscal} onClick={followed}>
                    {it.fiscal.nav}
                  </Nav.Link>
                </Nav.Item>
              )}
              {user && canManageCalendars(user.role) && (
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to={PATHS.settings} onClick={followed}>
                    {it.settings.nav}
                  </Nav.Link>
                </Nav.Item>
              )}
              {user?.role === 'admin' && (
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to={PATHS.catalog} onClick={followed}>
                    {it.layout.catalog}
                  </Nav.Link>
                </Nav.Item>
              )}
              {user?.role === 'admin' && (
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to={PATHS.posta} onClick={followed}>
                    {it.layout.posta}
                  </Nav.Link>
                </Nav.Item>
              )}
              {user && canManageCalendars(user.role) && (
                <>
                  <Nav.Item as="li">
                    <Nav.Link as={NavLink} to={PATHS.diets} onClick={followed}>
                      {it.layout.diets}
                    </Nav.Link>
                  </Nav.Item>
                  <Nav.Item as="li">
                    <Nav.Link as={NavLink} to={PATHS.foods} onClick={followed}>
                      {it.layout.foods}
                    </Nav.Link>
                  </Nav.Item>
                </>
              )}
              {sessionKnown && (!user || user.role === 'patient') && (
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to={PATHS.booking} end onClick={followed}>
                    {it.layout.booking}
                  </Nav.Link>
                </Nav.Item>
              )}
              {user && (
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to={PATHS.home} onClick={followed}>
                    {it.layout.home}
                  </Nav.Link>
                </Nav.Item>
              )}
              {sessionKnown && !user && (
                <>
                  <Nav.Item as="li">
                    <Nav.Link as={NavLink} to={PATHS.register} onClick={followed}>
                      {it.layout.register}
                    </Nav.Link>
                  </Nav.Item>
                  <Nav.Item as="li">
                    <Nav.Link as={NavLink} to={PATHS.login} onClick={followed}>
                      {it.layout.login}
                    </Nav.Link>
                  </Nav.Item>
                </>
              )}
              {user?.role === 'admin' && (
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to={PATHS.staff} onClick={followed}>
                    {it.layout.staff}
                  </Nav.Link>
                </Nav.Item>
              )}
              {user && (
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to={PATHS.profile} onClick={followed}>
                    {it.layout.profile}
                  </Nav.Link>
                </Nav.Item>
              )}
              {user && AUDIT_ROLES.includes(user.role) && (
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to={AUDIT_PATH} onClick={followed}>
                    {it.audit.nav}
                  </Nav.Link>
                </Nav.Item>
              )}
              {user && (
                <Nav.Item as="li">
                  <Nav.Link as="button" type="button" onClick={() => void onLogout()} disabled={loggingOut}>
                    {loggingOut ? it.layout.loggingOut : it.layout.logout}
                  </Nav.Link>
                </Nav.Item>
              )}
            </Nav>
          </nav>
        </Offcanvas.Body>
      </Offcanvas>

      <main id="main" tabIndex={-1} className="app-main">
        <Container fluid="lg" className="py-3">
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
