import { usePageTitle } from '../lib/pageTitle';
import { Alert, Button, Container } from 'react-bootstrap';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import * as it from '../i18n/it';
import { NotFound } from './NotFound';

/** what a page that crashed shows instead of React Router's English default */
export function RouteError() {
  const error = useRouteError();
  usePageTitle(isRouteErrorResponse(error) && error.status === 404 ? it.app.notFoundTitle : it.titles.error);
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Container className="py-4">
        <NotFound />
      </Container>
    );
  }
  return (
    <Container className="py-4">
      <Alert variant="danger">
        <Alert.Heading as="h1" className="h4">
          {it.app.crashTitle}
        </Alert.Heading>
        <p>{it.app.crashText}</p>
        <div className="d-flex gap-2 flex-wrap">
          <Button variant="outline-danger" onClick={() => window.location.reload()}>
            {it.app.reload}
          </Button>
          <Link className="btn btn-link" to="/">
            {it.app.backHome}
          </Link>
        </div>
      </Alert>
    </Container>
  );
}
