/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'react-bootstrap';
import { ValidatedForm } from './ValidatedForm';

function renderForm() {
  const onValid = jest.fn();
  const onInvalid = jest.fn();
  const view = render(
    <ValidatedForm aria-label="prova" action="/registrazione" onValidSubmit={onValid} onInvalidSubmit={onInvalid}>
      <Form.Group controlId="f-email">
        <Form.Label>Email</Form.Label>
        <Form.Control type="email" required />
        <Form.Control.Feedback type="invalid">Email non valida</Form.Control.Feedback>
      </Form.Group>
      <Form.Group controlId="f-code">
        <Form.Label>Codice</Form.Label>
        <Form.Control pattern="[A-Z]{3}" required />
      </Form.Group>
      <button type="submit">Invia</button>
    </ValidatedForm>,
  );
  const form = screen.getByRole('form', { name: 'prova' }) as HTMLFormElement;
  return { onValid, onInvalid, form, ...view };
}

const submit = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Invia' })));

describe('ValidatedForm (class needs-validation, browser checks on submit, invalid form blocked)', () => {
  test('class needs-validation, the browser bubbles off, the action kept, not validated yet', () => {
    const { form } = renderForm();
    expect(form.classList.contains('needs-validation')).toBe(true);
    expect(form.noValidate).toBe(true);
    expect(form.getAttribute('action')).toBe('/registrazione');
    expect(form.classList.contains('was-validated')).toBe(false);
  });

  test('an invalid form is blocked: nothing submitted, fields shown invalid, the first one focused', async () => {
    const { form, onValid, onInvalid } = renderForm();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'non-una-email' } });
    await submit();
    expect(onValid).not.toHaveBeenCalled();
    expect(onInvalid).toHaveBeenCalledWith(form);
    expect(form.classList.contains('was-validated')).toBe(true);
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.it' } });
    fireEvent.change(screen.getByLabelText('Codice'), { target: { value: 'abc' } });
    await submit();
    expect(onValid).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText('Codice'));
  });

  test('a custom validity message blocks too', async () => {
    const { onValid } = renderForm();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.it' } });
    fireEvent.change(screen.getByLabelText('Codice'), { target: { value: 'ABC' } });
    (screen.getByLabelText('Codice') as HTMLInputElement).setCustomValidity('Codice sbagliato');
    await submit();
    expect(onValid).not.toHaveBeenCalled();
  });

  test('a valid form calls onValidSubmit (the page sends it; no browser navigation)', async () => {
    const { form, onValid, onInvalid } = renderForm();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.it' } });
    fireEvent.change(screen.getByLabelText('Codice'), { target: { value: 'ABC' } });
    await submit();
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid.mock.calls[0][0]).toBe(form);
    expect(onInvalid).not.toHaveBeenCalled();
  });
});
