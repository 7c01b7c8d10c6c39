import { Loader2, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { z } from 'zod';
import {
  CONTACT_LIMITS,
  contactMessageSchema,
  type ContactField,
  type ContactMessageInput,
} from '../../../../shared/contact';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { ApiError } from '../../../lib/api-client';
import { TOAST_FLOWS, toast } from '../../../lib/toast';
import { readTextDraft, useKeptDraft } from '../../../lib/use-kept-draft';
import { useSendContactMessage } from '../api/send-contact-message';

type FieldErrors = Partial<Record<ContactField, string>>;

const EMPTY: ContactMessageInput = { name: '', email: '', subject: '', message: '' };
const FIELD_ORDER: ContactField[] = ['name', 'email', 'subject', 'message'];

function validationErrors(values: ContactMessageInput): FieldErrors {
  const result = contactMessageSchema.safeParse(values);
  if (result.success) return {};
  const { fieldErrors } = z.flattenError(result.error);
  return Object.fromEntries(FIELD_ORDER.map((field) => [field, fieldErrors[field]?.[0]]));
}

const DRAFT = 'contact';

/** The contact form; what is being written is kept for the tab until it is sent (issue 20). */
export function ContactForm() {
  const formId = useId();
  const [values, setValues] = useState<ContactMessageInput>(
    () => readTextDraft(DRAFT, EMPTY) ?? EMPTY,
  );
  useKeptDraft(DRAFT, values);
  const [errors, setErrors] = useState<FieldErrors>({});
  const sendMessage = useSendContactMessage();

  const update = (field: ContactField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // Once a field has shown a message, re-check it as the user types.
    if (errors[field])
      setErrors((current) => ({
        ...current,
        [field]: validationErrors({ ...values, [field]: value })[field],
      }));
  };

  const focusFirstError = (found: FieldErrors) => {
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) document.getElementById(`${formId}-${first}`)?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validationErrors(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      focusFirstError(found);
      return;
    }
    sendMessage.mutate(contactMessageSchema.parse(values), {
      onSuccess: () => {
        toast.success('Message sent', {
          id: TOAST_FLOWS.contact,
          description: "Thanks for writing. We'll reply by email.",
        });
        setValues(EMPTY);
      },
      onError: (error) => {
        const serverErrors = error instanceof ApiError ? (error.fieldErrors() as FieldErrors) : {};
        setErrors(serverErrors);
        focusFirstError(serverErrors);
        toast.error('Error', {
          id: TOAST_FLOWS.contact,
          description: `Your message was not sent. ${error.message}`,
        });
      },
    });
  };

  const field = (name: ContactField, label: string) =>
    fieldProps({ formId, name, label, value: values[name], error: errors[name] });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Contact form">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          {...field('name', 'Name')}
          autoComplete="name"
          error={errors.name}
          onChange={update}
        />
        <TextField
          {...field('email', 'Email')}
          type="email"
          autoComplete="email"
          error={errors.email}
          onChange={update}
        />
      </div>
      <TextField {...field('subject', 'Subject')} error={errors.subject} onChange={update} />
      <div className="grid gap-2">
        <Label htmlFor={`${formId}-message`}>Message</Label>
        <Textarea
          {...withoutLabel(field('message', 'Message'))}
          rows={6}
          onChange={(event) => update('message', event.target.value)}
        />
        <FieldError id={`${formId}-message-error`} message={errors.message} />
      </div>
      <div>
        <Button type="submit" size="lg" disabled={sendMessage.isPending}>
          {sendMessage.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Send aria-hidden="true" />
          )}
          {sendMessage.isPending ? 'Sending...' : 'Send message'}
        </Button>
      </div>
    </form>
  );
}

/** The props that tie an input to its label and its inline message. */
function fieldProps(options: {
  formId: string;
  name: ContactField;
  label: string;
  value: string;
  error: string | undefined;
}) {
  const { formId, name, label, value, error } = options;
  return {
    id: `${formId}-${name}`,
    name,
    label,
    value,
    maxLength: CONTACT_LIMITS[name],
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${formId}-${name}-error` : undefined,
    'aria-required': true,
  };
}

function withoutLabel<T extends { label: string }>({ label: _label, ...rest }: T) {
  return rest;
}

type TextFieldProps = ReturnType<typeof fieldProps> & {
  error: string | undefined;
  type?: string;
  autoComplete?: string;
  onChange: (field: ContactField, value: string) => void;
};

function TextField({ label, error, onChange, name, ...inputProps }: TextFieldProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={inputProps.id}>{label}</Label>
      <Input {...inputProps} name={name} onChange={(event) => onChange(name, event.target.value)} />
      <FieldError id={`${inputProps.id}-error`} message={error} />
    </div>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}
