/**
 * Appends a value to a statement's parameters and returns its placeholder
 * (`$1`, `$2`…). Values always travel as bound parameters; only fixed
 * column and table names are ever written into SQL text.
 */
export type Bind = (value: unknown) => string;

/**
 * A binder over `params`. `offset` is for a condition built on its own and
 * spliced after `offset` parameters that another part of the statement holds.
 */
export function paramBinder(params: unknown[], offset = 0): Bind {
  return (value) => {
    params.push(value);
    return `$${offset + params.length}`;
  };
}
