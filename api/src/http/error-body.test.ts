import { errorBody, fieldErrorsFromValidation } from './error-body';

describe('fieldErrorsFromValidation', () => {
  test('required: names the missing property', () => {
    const errors = [
      {
        instancePath: '',
        keyword: 'required',
        params: { missingProperty: 'email' },
        message: "must have required property 'email'",
      },
    ];
    expect(fieldErrorsFromValidation(errors, 'body')).toEqual([{ field: 'email', message: 'email is required' }]);
  });

  test('type integer', () => {
    const errors = [{ instancePath: '/limit', keyword: 'type', params: { type: 'integer' }, message: 'must be integer' }];
    expect(fieldErrorsFromValidation(errors, 'querystring')).toEqual([
      { field: 'limit', message: 'limit must be an integer' },
    ]);
  });

  test.each([
    ['string', 'name must be a string'],
    ['object', 'name must be an object'],
    ['array', 'name must be an array'],
  ])('type %s uses the right article', (type, message) => {
    expect(fieldErrorsFromValidation([{ instancePath: '/name', keyword: 'type', params: { type } }], 'body')).toEqual([
      { field: 'name', message },
    ]);
  });

  test('format uuid reads as a valid id; other formats are named', () => {
    const errors = [
      { instancePath: '/id', keyword: 'format', params: { format: 'uuid' }, message: 'must match format "uuid"' },
      { instancePath: '/email', keyword: 'format', params: { format: 'email' } },
    ];
    expect(fieldErrorsFromValidation(errors, 'params')).toEqual([
      { field: 'id', message: 'id must be a valid id' },
      { field: 'email', message: 'email must be a valid email' },
    ]);
  });

  test('enum lists the allowed values', () => {
    const errors = [{ instancePath: '/role', keyword: 'enum', params: { allowedValues: ['user', 'admin'] } }];
    expect(fieldErrorsFromValidation(errors, 'body')).toEqual([
      { field: 'role', message: 'role must be one of user, admin' },
    ]);
  });

  test('minimum, maximum and maxLength give their limit', () => {
    const errors = [
      { instancePath: '/offset', keyword: 'minimum', params: { comparison: '>=', limit: 0 } },
      { instancePath: '/limit', keyword: 'maximum', params: { comparison: '<=', limit: 100 } },
      { instancePath: '/name', keyword: 'maxLength', params: { limit: 100 } },
    ];
    expect(fieldErrorsFromValidation(errors, 'querystring')).toEqual([
      { field: 'offset', message: 'offset must be at least 0' },
      { field: 'limit', message: 'limit must be at most 100' },
      { field: 'name', message: 'name must be at most 100 characters' },
    ]);
  });

  test('uniqueItems and minProperties say what the list or the object lacks', () => {
    const errors = [
      { instancePath: '/columns', keyword: 'uniqueItems', params: { i: 1, j: 0 } },
      { instancePath: '', keyword: 'minProperties', params: { limit: 1 } },
      { instancePath: '', keyword: 'minProperties', params: { limit: 2 } },
    ];
    expect(fieldErrorsFromValidation(errors, 'body')).toEqual([
      { field: 'columns', message: 'columns must not list an item twice' },
      { field: 'body', message: 'body must have at least 1 field' },
      { field: 'body', message: 'body must have at least 2 fields' },
    ]);
  });

  test('additionalProperties at the top level names the context and the property', () => {
    const error = { instancePath: '', keyword: 'additionalProperties', params: { additionalProperty: 'isAdmin' } };
    expect(fieldErrorsFromValidation([error], 'body')).toEqual([
      { field: 'body', message: 'body must not have the property "isAdmin"' },
    ]);
    expect(fieldErrorsFromValidation([error], 'querystring')).toEqual([
      { field: 'querystring', message: 'querystring must not have the property "isAdmin"' },
    ]);
  });

  test('falls back to "body" when there is neither a path nor a context', () => {
    const error = { keyword: 'additionalProperties', params: { additionalProperty: 'x' } };
    expect(fieldErrorsFromValidation([error], undefined)).toEqual([
      { field: 'body', message: 'body must not have the property "x"' },
    ]);
  });

  test('a nested path becomes a dotted field name', () => {
    const errors = [{ instancePath: '/filters/0/from', keyword: 'format', params: { format: 'date' } }];
    expect(fieldErrorsFromValidation(errors, 'body')).toEqual([
      { field: 'filters.0.from', message: 'filters.0.from must be a valid date' },
    ]);
  });

  test('an unknown keyword uses the validator message, or "is invalid"', () => {
    const errors = [
      { instancePath: '/code', keyword: 'pattern', params: { pattern: '^[A-Z]+$' }, message: 'must match pattern "^[A-Z]+$"' },
      { instancePath: '/code', keyword: 'const' },
    ];
    expect(fieldErrorsFromValidation(errors, 'body')).toEqual([
      { field: 'code', message: 'code must match pattern "^[A-Z]+$"' },
      { field: 'code', message: 'code is invalid' },
    ]);
  });

  test('no validation errors give no field errors', () => {
    expect(fieldErrorsFromValidation([], 'body')).toEqual([]);
  });
});

describe('errorBody', () => {
  test('carries the field errors when there are some', () => {
    const errors = [{ field: 'email', message: 'Email is required' }];
    expect(errorBody('VALIDATION_ERROR', 'Invalid input', errors)).toStrictEqual({
      success: false,
      message: 'Invalid input',
      code: 'VALIDATION_ERROR',
      errors,
    });
  });

  test('omits errors when the list is empty or absent', () => {
    const expected = { success: false, message: 'Not found', code: 'NOT_FOUND' };
    const empty = errorBody('NOT_FOUND', 'Not found', []);
    const absent = errorBody('NOT_FOUND', 'Not found');
    expect(empty).toStrictEqual(expected);
    expect(absent).toStrictEqual(expected);
    expect('errors' in empty).toBe(false);
    expect('errors' in absent).toBe(false);
  });
});
