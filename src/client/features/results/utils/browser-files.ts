// The two browser actions behind the toolbar: put text on the clipboard, save a file.

/** How long a download's object URL is kept before it is released. */
const OBJECT_URL_LIFETIME_MS = 60_000;

function copyWithSelection(text: string): void {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  // The Clipboard API needs a secure context; a self-hosted app on plain http has only this.
  const isCopied = document.execCommand('copy');
  area.remove();
  if (!isCopied) throw new Error('The browser refused to copy.');
}

export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  copyWithSelection(text);
}

export function saveFile(name: string, content: string | Uint8Array<ArrayBuffer>, type: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}
