import { type FormEvent } from 'react';
import { Badge, Form, Row, Table } from 'react-bootstrap';
import { type ClinicalRecordView } from '@studio/contracts';
import { formatDay } from '../../../lib/format';
import { useAddLabMutation } from './clinicalRecordApi';
import { text, number, today, resetWhenSaved } from './formValues';
import { Section, FieldCol, Submit } from './RecordFields';
import * as it from '../../../i18n/it';

const t = it.clinical;

const shown = (n: number | undefined) => (n === undefined ? null : n.toLocaleString('it-IT'));
const optional = <K extends string>(key: K, n: number | undefined) => (n === undefined ? {} : ({ [key]: n } as Record<K, number>));

/** a value outside the report's range, said in words (not by colour alone) */
function OutOfRange({ value, low, high }: { value: number; low?: number; high?: number }) {
  const flag = high !== undefined && value > high ? t.labHigh : low !== undefined && value < low ? t.labLow : null;
  return flag ? (
    <Badge bg="warning" text="dark" className="ms-2">
      {flag}
    </Badge>
  ) : null;
}

export function Labs({ patientId, view }: { patientId: string; view: ClinicalRecordView }) {
  const [add, state] = useAddLabMutation();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    resetWhenSaved(
      add({
        patientId,
        lab: {
          date: text(f, 'date'),
          analyte: text(f, 'analyte'),
          value: number(f, 'value') as number,
          unit: text(f, 'unit'),
          ...optional('referenceLow', number(f, 'referenceLow')),
          ...optional('referenceHigh', number(f, 'referenceHigh')),
        },
      }),
      form,
    );
  };
  return (
    <Section title={t.labs}>
      {view.labs.length === 0 ? (
        <p>{t.noLabs}</p>
      ) : (
        <Table size="sm">
          <thead>
            <tr>
              <th scope="col">{t.date}</th>
              <th scope="col">{t.analyte}</th>
              <th scope="col">{t.value}</th>
              <th scope="col">{t.reference}</th>
            </tr>
          </thead>
          <tbody>
            {view.labs.map((l) => (
              <tr key={l.id}>
                <td>{formatDay(l.date)}</td>
                <td>{l.analyte}</td>
                <td>
                  {l.value.toLocaleString('it-IT')} {l.unit}
                  <OutOfRange value={l.value} low={l.referenceLow} high={l.referenceHigh} />
                </td>
                <td>{t.referenceRange(shown(l.referenceLow), shown(l.referenceHigh))}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Form onSubmit={submit}>
        <Row>
          {(
            [
              ['date', t.date, { type: 'date', defaultValue: today() }],
              ['analyte', t.analyte, {}],
              ['value', t.value, { inputMode: 'decimal' }],
              ['unit', t.unit, {}],
            ] as const
          ).map(([name, label, props]) => (
            <FieldCol key={name} id={`lab-${name}`} label={label} name={name} required {...props} />
          ))}
          {(
            [
              ['referenceLow', t.referenceLow],
              ['referenceHigh', t.referenceHigh],
            ] as const
          ).map(([name, label]) => (
            <FieldCol key={name} id={`lab-${name}`} label={label} name={name} inputMode="decimal" />
          ))}
        </Row>
        <Submit label={t.addLab} state={state} />
      </Form>
    </Section>
  );
}
