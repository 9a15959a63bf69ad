import { Alert, Button, Container } from 'react-bootstrap';
import type { Role } from '@studio/contracts';
import type { ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import * as it from '../i18n/it';
import { useGetSessionQuery } from '../lib/api';
import { Loading } from '../components/ui/Loading';
import { homePathFor, PATHS } from '../lib/paths';
import { usePageTitle } from '../lib/pageTitle';

/** Protected routes: waits for the session, sends visitors to /login, checks the role if asked. */
export function RequireAuth({
  roles,
  forbiddenText = it.app.forbiddenText,
  children,
}: {
  roles?: readonly Role[];
  /** what a user of another role reads */
  forbiddenText?: string;
  children?: ReactNode;
}) {
  const { data, isLoading, isError, refetch } = useGetSessionQuery();
  const location = useLocation();

  if (isLoading) return <Loading />;
  if (isError || !data) {
    return (
      <Container className="py-4">
        <Alert variant="danger">
          <Alert.Heading as="h1" className="h4">
            {it.app.sessionErrorTitle}
          </Alert.Heading>
          <p>{it.app.sessionErrorText}</p>
          <Button variant="outline-danger" onClick={() => void refetch()}>
            {it.app.retry}
          </Button>
        </Alert>
      </Container>
    );
  }
  if (!data.user) return <Navigate to={PATHS.login} replace state={{ from: location.pathname + location.search }} />;
  if (roles && !roles.includes(data.user.role)) return <Forbidden text={forbiddenText} />;
  return <>{children ?? <Outlet />}</>;
}

/** what a user of another role reads: what the page is for, and the way back to their own start page */
function Forbidden({ text }: { text: string }) {
  usePageTitle(it.app.forbiddenTitle);
  const { data } = useGetSessionQuery();
  return (
    <Alert variant="warning">
      <Alert.Heading as="h1" className="h4">
        {it.app.forbiddenTitle}
      </Alert.Heading>
      <p>{text}</p>
      <Link to={data?.user ? homePathFor(data.user.role) : PATHS.home} className="alert-link">
        {it.app.backHome}
      </Link>
    </Alert>
  );
}
