import { recordingLinkExpiry } from './recording-links';

test('the expiry of a signed recording link, in Unix seconds; none for a link without one', () => {
  expect(recordingLinkExpiry('/recordings/demo-1.wav?expires=1773153000&signature=abc')).toBe(1773153000);
  expect(recordingLinkExpiry('/recordings/demo-1.wav?signature=abc&expires=1773153000')).toBe(1773153000);
  expect(recordingLinkExpiry('/recordings/demo-1.wav')).toBeUndefined();
  expect(recordingLinkExpiry('https://recordings.example.com/r1.wav?token=x')).toBeUndefined();
  expect(recordingLinkExpiry('/recordings/demo-1.wav?expires=soon&signature=abc')).toBeUndefined();
  expect(recordingLinkExpiry('/recordings/demo-1.wav?notexpires=5')).toBeUndefined();
});
