import { emptyRuleForm, previewBodyFrom, previewErrors, ruleBodyFrom, ruleFormErrors, withMetricAndCondition } from './rule-form';

test('the form’s body: blank optional numbers take the contract’s defaults, a blank threshold is no number, the minimum calls follows its default', () => {
  const values = { ...emptyRuleForm(), name: ' Spike ', threshold: '', pendingMinutes: '', resetLevel: '' };
  const body = ruleBodyFrom(values);
  expect(body).toMatchObject({ name: 'Spike', threshold: Number.NaN, pendingMinutes: undefined, resetLevel: null, businessHours: null });
  expect(ruleFormErrors(values)).toEqual({ threshold: 'threshold must be a number' });

  const volume = withMetricAndCondition(emptyRuleForm(), 'volume', 'below');
  expect(volume.minCalls).toBe('0');
  expect(withMetricAndCondition(volume, 'volume', 'up').minCalls).toBe('20');
  // A minimum someone typed stays theirs.
  expect(withMetricAndCondition({ ...emptyRuleForm(), minCalls: '50' }, 'volume', 'below').minCalls).toBe('50');
});

test('the preview is asked about the rule without its name: none typed is no problem for it, and the name is not sent', () => {
  const unnamed = emptyRuleForm();
  expect(ruleFormErrors(unnamed)).toHaveProperty('name');
  expect(previewErrors(unnamed)).toEqual({});
  expect(previewBodyFrom(unnamed)).not.toHaveProperty('name');
  expect(previewBodyFrom({ ...unnamed, name: 'Spike' })).toEqual(previewBodyFrom(unnamed));
  expect(previewErrors({ ...unnamed, threshold: '140' })).toEqual({ threshold: 'threshold of a share must be a percent from 0 to 100' });
});
