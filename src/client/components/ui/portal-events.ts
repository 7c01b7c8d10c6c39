import type { FormEventHandler } from 'react';

/**
 * React passes an event from a portal up to the components that render the portal, not only to
 * the elements around it on the page: a form submitted in a dialog would also submit a form the
 * dialog was opened from (the converter). Content in a portal stops submit events at its edge.
 */
export function stopSubmitAtEdge(
  onSubmit?: FormEventHandler<HTMLDivElement>,
): FormEventHandler<HTMLDivElement> {
  return (event) => {
    onSubmit?.(event);
    event.stopPropagation();
  };
}
