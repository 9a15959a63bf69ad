import type { DoctorSummary } from '@studio/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { errorMessage } from '../../../lib/api';
import * as it from '../../../i18n/it';
import { useSetWorkingHoursMutation } from './availabilityApi';
import { END_HOURS, START_HOURS, validateWorkingHours, type WorkingHoursErrors } from './workingHours';

/** start and end of the working day of one doctor; saving changes the calendar's visible hours */
export function WorkingHoursForm({ doctor }: { doctor: DoctorSummary }) {
  const [startHour, setStartHour] = useState(String(doctor.startHour));
  const [endHour, setEndHour] = useState(String(doctor.endHour));
  const [errors, setErrors] = useState<WorkingHoursErrors>({});
  const [save, { isLoading, error, isSuccess, reset }] = useSetWorkingHoursMutation();

  // another doctor, or hours changed elsewhere: show what the server holds
  useEffect(() => {
    setStartHour(String(doctor.startHour));
    setEndHour(String(doctor.endHour));
    setErrors({});
  }, [doctor.id, doctor.startHour, doctor.endHour]);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    reset();
    const check = validateWorkingHours({ startHour, endHour });
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    try {
      await save({ doctorId: doctor.id, ...check.value }).unwrap();
    } catch {
      /* shown from the mutation's error */
    }
  };

  const idPrefix = `working-hours-${doctor.id}`;
  return (
    <Card className="mt-4">
      <Card.Body>
        <h2 className="h5">{it.workingHours.title}</h2>
        <p className="text-body-secondary small">{it.workingHours.intro}</p>
        {error !== undefined && (
          <Alert variant="danger" dismissible onClose={reset} closeLabel={it.app.dismiss}>
            {errorMessage(error, it.workingHours.failed)}
          </Alert>
        )}
        <Form noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={isLoading}>
          <Row className="g-3 align-items-start">
            <Col xs={6} md={4}>
              <Form.Group controlId={`${idPrefix}-start`}>
                <Form.Label>{it.workingHours.start}</Form.Label>
                <Form.Select
                  name="startHour"
                  value={startHour}
                  onChange={(e) => setStartHour(e.target.value)}
                  isInvalid={Boolean(errors.startHour)}
                  aria-describedby={errors.startHour ? `${idPrefix}-start-error` : undefined}
                >
                  {!START_HOURS.includes(Number(startHour)) && <option value={startHour}>{startHour}</option>}
                  {START_HOURS.map((h) => (
                    <option key={h} value={h}>
                      {it.workingHours.hour(h)}
                    </option>
                  ))}
                </Form.Select>
                <Form.Control.Feedback type="invalid" id={`${idPrefix}-start-error`}>
                  {errors.startHour}
                </Form.Control.Feedback>
              </Form.Group>
            </Col>
            <Col xs={6} md={4}>
              <Form.Group controlId={`${idPrefix}-end`}>
                <Form.Label>{it.workingHours.end}</Form.Label>
                <Form.Select
                  name="endHour"
                  value={endHour}
                  onChange={(e) => setEndHour(e.target.value)}
                  isInvalid={Boolean(errors.endHour)}
                  aria-describedby={errors.endHour ? `${idPrefix}-end-error` : undefined}
                >
                  {!END_HOURS.includes(Number(endHour)) && <option value={endHour}>{endHour}</option>}
                  {END_HOURS.map((h) => (
                    <option key={h} value={h}>
                      {it.workingHours.hour(h)}
                    </option>
                  ))}
                </Form.Select>
                <Form.Control.Feedback type="invalid" id={`${idPrefix}-end-error`}>
                  {errors.endHour}
                </Form.Control.Feedback>
              </Form.Group>
            </Col>
            <Col xs={12} md={4} className="d-flex align-items-md-end app-working-hours-submit">
              <Button type="submit" variant="primary" disabled={isLoading} className="w-100">
                {isLoading ? (
                  <>
                    <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                    {it.workingHours.saving}
                  </>
                ) : (
                  it.workingHours.save
                )}
              </Button>
            </Col>
          </Row>
          <div role="status" aria-live="polite" className="mt-2 small text-success">
            {isSuccess ? it.workingHours.saved : ''}
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}
