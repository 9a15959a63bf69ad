import { Form } from 'react-bootstrap';
import * as it from '../../../i18n/it';
import type { NewPasswordErrors } from './newPasswordForm';

/** the new password twice, with the policy's help text and each field's own error */
export function NewPasswordFields(props: {
  password: string;
  repeat: string;
  errors: NewPasswordErrors;
  onPassword: (v: string) => void;
  onRepeat: (v: string) => void;
}) {
  return (
    <>
      <Form.Group className="mb-3" controlId="new-password">
        <Form.Label>{it.accounts.newPassword}</Form.Label>
        <Form.Control
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={10}
          value={props.password}
          onChange={(e) => props.onPassword(e.target.value)}
          isInvalid={Boolean(props.errors.password)}
          aria-describedby="new-password-help new-password-error"
        />
        <Form.Text id="new-password-help">{it.accounts.passwordHelp}</Form.Text>
        <Form.Control.Feedback type="invalid" id="new-password-error">
          {props.errors.password}
        </Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-4" controlId="repeat-password">
        <Form.Label>{it.accounts.repeatPassword}</Form.Label>
        <Form.Control
          type="password"
          name="repeat"
          autoComplete="new-password"
          required
          value={props.repeat}
          onChange={(e) => props.onRepeat(e.target.value)}
          isInvalid={Boolean(props.errors.repeat)}
          aria-describedby="repeat-password-error"
        />
        <Form.Control.Feedback type="invalid" id="repeat-password-error">
          {props.errors.repeat}
        </Form.Control.Feedback>
      </Form.Group>
    </>
  );
}
