/**
 * What the person did on a prerendered first screen before the app took it over, as the app's
 * first render reads it (first-screen-takeover.ts sets it for that render only). Its own small
 * module because the sign-in screen, which every page's first JS carries, reads it; the takeover
 * itself is fetched only on a prerendered page.
 */
export interface EarlyInput {
  /** Each field's value, by its name. */
  values: Map<string, string>;
  /**
   * What had focus inside the screen: its place among the screen's focusable elements, and for a
   * field its name and selection (name null for a button or a link); null when focus was elsewhere.
   */
  focused: { index: number; name: string | null; selectionStart: number | null; selectionEnd: number | null } | null;
  submitPending: boolean;
  /** How often each of the form's own buttons (Show password) was pressed, by its place among them. */
  buttonPresses: number[];
}

/** Set only during the takeover's render: afterwards the form's state holds it all. */
let earlyInput: EarlyInput | null = null;

/** Holds `input` for the takeover's render, or clears it (null) once that render is done. */
export function holdEarlyInput(input: EarlyInput | null): void {
  earlyInput = input;
}

/** What was typed in the prerendered field `name`, during the takeover; '' at any other time. */
export function typedBeforeTakeover(name: string): string {
  return earlyInput?.values.get(name) ?? '';
}

/**
 * Whether the field `name` should take focus when it mounts: during the takeover, only the field
 * the person was in; at any other time, the screen's own choice (`otherwise`).
 */
export function hadFocusBeforeTakeover(name: string, otherwise: boolean): boolean {
  if (earlyInput === null || earlyInput.focused === null) return otherwise;
  return earlyInput.focused.name === name;
}
