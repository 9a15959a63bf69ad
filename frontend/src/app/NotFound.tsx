import { usePageTitle } from '../lib/pageTitle';
import { Alert } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import * as it from '../i18n/it';

export function NotFound() {
  usePageTitle(it.app.notFoundTitle);
  return (
    <Alert variant="secondary">
      <Alert.Heading as="h1" className="h4">
        {it.app.notFoundTitle}
      </Alert.Heading>
      <p>{it.app.notFoundText}</p>
      <Link to="/" className="alert-link">
        {it.app.backHome}
      </Link>
    </Alert>
  );
}
