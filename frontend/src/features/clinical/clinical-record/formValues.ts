/** the trimmed text of a form field ('' when absent) */
export const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
/** a decimal typed with a comma or a point; undefined when the field is empty */
export const number = (form: FormData, name: string) => {
  const v = text(form, name).replace(',', '.');
  return v === '' ? undefined : Number(v);
};
export const today = () => new Date().toISOString().slice(0, 10);

/** empties the form once the server has taken what it sent (kept on an error, so nothing typed is lost) */
export const resetWhenSaved = (sent: { unwrap: () => Promise<unknown> }, form: HTMLFormElement, after?: () => void) =>
  void sent
    .unwrap()
    .then(() => (form.reset(), after?.()))
    .catch(() => undefined);
