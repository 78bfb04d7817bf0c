import { FIRST_SCREENS } from '@callboard/contract';
import { renderFirstScreens } from './render-first-screens';

test('every prerendered form is a POST to its own route, so the browser sending it itself never puts a password in the address', () => {
  const screens = renderFirstScreens();
  expect(screens.map((screen) => screen.path)).toEqual(FIRST_SCREENS.map((screen) => screen.path));
  for (const screen of screens) {
    const forms = [...screen.markup.matchAll(/<form\b[^>]*>/g)].map(([form]) => form);
    expect(forms.length).toBeGreaterThan(0);
    for (const form of forms) {
      expect(form).toMatch(/\smethod="post"/);
      expect(form).toContain(` action="${screen.path}"`);
    }
    // A person without JavaScript is told why the form only comes back.
    expect(screen.markup).toContain('<noscript><p class="auth__notice">Signing in needs JavaScript');
  }
});
