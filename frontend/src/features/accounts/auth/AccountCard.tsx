import type { ReactNode } from 'react';
import { Card, Container } from 'react-bootstrap';
import * as it from '../../../i18n/it';

/** the narrow card of the login page, for the pages around it */
export function AccountCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container as="main" id="main" className="py-5 app-login">
      <Card className="mx-auto shadow-sm" style={{ maxWidth: '28rem' }}>
        <Card.Body className="p-4">
          <p className="text-primary fw-semibold mb-1">{it.app.brand}</p>
          <h1 className="h3 mb-3">{title}</h1>
          {children}
        </Card.Body>
      </Card>
    </Container>
  );
}
