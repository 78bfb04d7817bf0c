import { Button, type ButtonProps } from '@callboard/shared-ui/button';
import { copyText } from '@callboard/shared-ui/copy-text';
import { CopyIcon } from '@callboard/shared-ui/icons';
import toast from 'react-hot-toast';

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  text: string;
  /** What is copied, as a sentence starts it, for the button's name and the toasts ("Signing secret": "Copy signing secret", "Signing secret copied"). */
  what: string;
  /** The visible label; "Copy" by default (the accessible name always says what). */
  children?: string;
}

/** Puts `text` on the clipboard and says so; when the browser refuses, says how to copy it by hand. */
export function CopyButton({ text, what, children = 'Copy', size = 'sm', variant = 'secondary', ...rest }: CopyButtonProps) {
  const copy = async () => {
    if (await copyText(text)) toast.success(`${what} copied`);
    else toast.error(`Could not copy the ${inSentence(what)}: select it and copy it by hand`);
  };
  return (
    <Button size={size} variant={variant} icon={<CopyIcon size={14} />} aria-label={`Copy ${inSentence(what)}`} onClick={() => void copy()} {...rest}>
      {children}
    </Button>
  );
}

/** "Signing secret" → "signing secret" inside a sentence; an initialism ("URL") stays as it is. */
function inSentence(what: string): string {
  return /^[A-Z][a-z]/.test(what) ? what.charAt(0).toLowerCase() + what.slice(1) : what;
}
