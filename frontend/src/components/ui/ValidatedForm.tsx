import { useState, type FormEvent, type ReactNode } from 'react';
import { Form, type FormProps } from 'react-bootstrap';

export type ValidatedFormProps = Omit<FormProps, 'onSubmit' | 'noValidate' | 'validated' | 'onInvalid'> & {
  /** called only when every field passes the browser's checks */
  onValidSubmit: (form: HTMLFormElement, event: FormEvent<HTMLFormElement>) => void;
  /** called when the checks block a submission */
  onInvalidSubmit?: (form: HTMLFormElement) => void;
  children: ReactNode;
};

/**
 * "Forms with class needs-validation get browser validity checks on submit; an invalid form
 * is blocked." The browser's own bubbles are off (noValidate); on submit the constraints
 * (required, type, pattern, minLength, setCustomValidity…) are checked with checkValidity(),
 * Bootstrap's was-validated shows each field's invalid-feedback, the first invalid field gets the
 * focus and nothing is submitted. A valid form calls onValidSubmit (the page sends it itself).
 */
export function ValidatedForm({ onValidSubmit, onInvalidSubmit, className, children, ...props }: ValidatedFormProps) {
  const [validated, setValidated] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setValidated(true);
    if (!form.checkValidity()) {
      event.stopPropagation();
      const firstInvalid = form.querySelector<HTMLElement>(':invalid:not(fieldset)');
      firstInvalid?.focus();
      onInvalidSubmit?.(form);
      return;
    }
    onValidSubmit(form, event);
  };

  return (
    <Form {...props} noValidate validated={validated} className={['needs-validation', className].filter(Boolean).join(' ')} onSubmit={submit}>
      {children}
    </Form>
  );
}
