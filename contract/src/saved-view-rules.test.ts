import { VIEW_NAME_MAX_LENGTH } from './saved-views';
import { validateViewName, VIEW_MESSAGES } from './saved-view-rules';

test('a name is 1 to the maximum characters once trimmed', () => {
  expect(validateViewName('  Sales today  ')).toBeNull();
  expect(validateViewName(' '.repeat(5) + 'x'.repeat(VIEW_NAME_MAX_LENGTH))).toBeNull();
  expect(validateViewName('   ')).toEqual({ field: 'name', message: VIEW_MESSAGES.nameRequired });
  expect(validateViewName(undefined)).toEqual({ field: 'name', message: VIEW_MESSAGES.nameRequired });
  expect(validateViewName('x'.repeat(VIEW_NAME_MAX_LENGTH + 1))).toEqual({ field: 'name', message: VIEW_MESSAGES.nameTooLong });
});
