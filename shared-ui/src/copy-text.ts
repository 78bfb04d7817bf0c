/**
 * Puts `text` on the clipboard: through the Clipboard API where the page may
 * use it (HTTPS, or localhost), else the way browsers always allowed on a
 * click, a selected text field and the copy command, since a server reached
 * over plain http by its address has no `navigator.clipboard`. Resolves to
 * whether the text was copied.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator.clipboard?.writeText === 'function') {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, page not focused): the older way may still work.
  }
  return copyBySelection(text);
}

function copyBySelection(text: string): boolean {
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  // Kept out of sight and out of the layout while it is selected.
  field.style.position = 'fixed';
  field.style.opacity = '0';
  field.style.pointerEvents = 'none';
  document.body.appendChild(field);
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  try {
    field.focus();
    field.select();
    // Deprecated but still the only copy without the Clipboard API; it reports whether it worked.
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
    focused?.focus();
  }
}
