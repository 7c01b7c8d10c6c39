import { useId, useState, type ChangeEvent } from 'react';

type Errors<Field extends string> = Partial<Record<Field, string | undefined>>;

/**
 * The state of a small form: its values, the message shown under each field, and the props that
 * tie each input to its label and message. Messages show after a submit and then follow typing.
 */
export function useFormFields<Field extends string>(options: {
  initial: Record<Field, string>;
  validate: (values: Record<Field, string>) => Errors<Field>;
}) {
  const formId = useId();
  const [values, setValues] = useState(options.initial);
  const [errors, setErrors] = useState<Errors<Field>>({});
  const fields = Object.keys(options.initial) as Field[];
  const inputId = (field: Field) => `${formId}-${field}`;
  const errorId = (field: Field) => `${formId}-${field}-error`;

  const update = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field])
      setErrors((current) => ({ ...current, [field]: options.validate(next)[field] }));
  };

  /** Shows `found` under the fields and moves focus to the first field that has a message. */
  const showErrors = (found: Errors<Field>) => {
    setErrors(found);
    const first = fields.find((field) => found[field]);
    if (first) document.getElementById(inputId(first))?.focus();
    return first === undefined;
  };

  /** Checks every field; true when the form may be sent. */
  const validateAll = () => showErrors(options.validate(values));

  const inputProps = (field: Field) => ({
    id: inputId(field),
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => update(field, event.target.value),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? errorId(field) : undefined,
  });

  /** The input's props plus the message and its id, for a TextField. */
  const fieldProps = (field: Field) => ({
    ...inputProps(field),
    error: errors[field],
    errorId: errorId(field),
  });

  /** Back to the initial values, without messages (after a form has done its work). */
  const reset = () => {
    setValues(options.initial);
    setErrors({});
  };

  return { values, errors, fieldProps, validateAll, showErrors, reset };
}
