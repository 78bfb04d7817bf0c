import type { ApiErrorBody, ErrorCode, FieldError } from '@callboard/contract';

export function errorBody(code: ErrorCode, message: string, errors?: FieldError[]): ApiErrorBody {
  return errors && errors.length > 0 ? { success: false, message, code, errors } : { success: false, message, code };
}

interface AjvError {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/**
 * Turns schema-validation errors into `{ field, message }` a person can read:
 * "limit must be an integer", "id must be a valid id".
 */
export function fieldErrorsFromValidation(validation: AjvError[], context: string | undefined): FieldError[] {
  return validation.map((error) => {
    const pathField = (error.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const missing = typeof error.params?.missingProperty === 'string' ? error.params.missingProperty : undefined;
    const field = missing ?? (pathField || context || 'body');
    return { field, message: `${field} ${describe(error)}` };
  });
}

function describe(error: AjvError): string {
  const params = error.params ?? {};
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'type':
      return params.type === 'integer' ? 'must be an integer' : `must be ${article(String(params.type))}`;
    case 'format':
      return params.format === 'uuid' ? 'must be a valid id' : `must be a valid ${String(params.format)}`;
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'minimum':
      return `must be at least ${String(params.limit)}`;
    case 'maximum':
      return `must be at most ${String(params.limit)}`;
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters`;
    case 'minLength':
      return `must be at least ${String(params.limit)} characters`;
    case 'maxItems':
      return `must have at most ${String(params.limit)} items`;
    case 'minItems':
      return `must have at least ${String(params.limit)} items`;
    case 'uniqueItems':
      return 'must not list an item twice';
    case 'minProperties':
      return `must have at least ${String(params.limit)} field${params.limit === 1 ? '' : 's'}`;
    case 'additionalProperties':
      return `must not have the property "${String(params.additionalProperty)}"`;
    default:
      return error.message ?? 'is invalid';
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
