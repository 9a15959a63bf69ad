import { Nav, Offcanvas } from 'react-bootstrap';
import { NavLink } from 'react-router-dom';
import type { SessionUser } from '@studio/contracts';
import * as it from '../i18n/it';
import { AUDIT_PATH, AUDIT_ROLES, canManageCalendars, PATHS } from '../lib/paths';

/**
 * The side navigation of the page frame (Layout): an Offcanvas that pushes the page on wide screens and overlays it on
 * phones. Its own chunk: the Offcanvas, its transitions and focus handling load when the menu is first opened (or
 * once the page has rendered), not before the booking and login pages can show.
 */
export function SideNav({
  id,
  open,
  narrow,
  user,
  sessionKnown,
  loggingOut,
  onHide,
  followed,
  onLogout,
}: {
  id: string;
  open: boolean;
  narrow: boolean;
  user: SessionUser | null;
  /** visitors' links only once the session says there is no user */
  sessionKnown: boolean;
  loggingOut: boolean;
  onHide: () => void;
  followed: () => void;
  onLogout: () => void;
}) {
  return (
    <Offcanvas
      id={id}
      show={open}
      onHide={onHide}
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
                <Nav.Link as={NavLink} to={PATHS.patients} end onClick={followed}>
                  {it.layout.patients}
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
            {user && canManageCalendars(user.role) && (
              <Nav.Item as="li">
                <Nav.Link as={NavLink} to={PATHS.statistics} onClick={followed}>
                  {it.layout.statistics}
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
                {user.role === 'doctor' && (
                  <Nav.Item as="li">
                    <Nav.Link as={NavLink} to={PATHS.diets} onClick={followed}>
                      {it.layout.diets}
                    </Nav.Link>
                  </Nav.Item>
                )}
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to={PATHS.foods} onClick={followed}>
                    {it.layout.foods}
                  </Nav.Link>
                </Nav.Item>
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to={PATHS.recipes} onClick={followed}>
                    {it.layout.recipes}
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
            {user && user.role !== 'auditor' && (
              <Nav.Item as="li">
                <Nav.Link as={NavLink} to={PATHS.messages} onClick={followed}>
                  {it.layout.messages}
                </Nav.Link>
              </Nav.Item>
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
                <Nav.Link as="button" type="button" onClick={onLogout} disabled={loggingOut}>
                  {loggingOut ? it.layout.loggingOut : it.layout.logout}
                </Nav.Link>
              </Nav.Item>
            )}
          </Nav>
        </nav>
      </Offcanvas.Body>
    </Offcanvas>
  );
}
