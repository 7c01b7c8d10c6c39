/** An inline message under a field; the field points to it with `aria-describedby`. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium break-words text-destructive">
      {message}
    </p>
  );
}
