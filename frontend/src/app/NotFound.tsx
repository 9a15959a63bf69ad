import { Alert } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { it } from '../i18n/it';

export function NotFound() {
  return (
    <Alert variant="secondary">
      <Alert.Heading as="h1" className="h4">
        {it.app.notFoundTitle}
      </Alert.Heading>
      <p>{it.app.notFoundText}</p>
      <Link to="/">{it.app.backHome}</Link>
    </Alert>
  );
}
