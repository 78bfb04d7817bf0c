import { validateLogin } from '@callboard/contract';
import { redirectTarget } from '@callboard/shared-auth/require-auth';
import { useAuthActions } from '@callboard/shared-auth/use-session';
import { Button } from '@callboard/shared-ui/button';
import { TextField } from '@callboard/shared-ui/text-field';
import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate } from '@callboard/shared-router';
import { paths } from '../app/paths';
import { hadFocusBeforeTakeover, typedBeforeTakeover } from '../first-screen/early-input';
import { carryFrom, emailFromState } from './auth-location-state';
import { AuthLayout } from './auth-layout';
import { useAuthForm } from './use-auth-form';

/**
 * /login: the sign-in screen. The toast texts are chosen by shared-auth's
 * login(); this screen only decides where the person goes next.
 */
export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { login } = useAuthActions();
  // Arriving from registration: the address they just registered is already typed in.
  const arrivedWithEmail = emailFromState(location.state);
  // On the served /login page the form was on screen before the app: what was typed there carries over.
  const form = useAuthForm({ email: arrivedWithEmail || typedBeforeTakeover('email'), password: typedBeforeTakeover('password') }, validateLogin);

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    const result = await login({ email: email.trim(), password });
    if (!result.ok) {
      toast.error(result.message);
      return;
    }
    toast.success(result.message);
    // Back to where the guard stopped them, else /reporting; replace, so Back does not return to the form.
    void navigate(redirectTarget(location.state), { replace: true });
  });

  // Typing (or the browser filling the form in) fetches the landing screen's code, so signing in waits only
  // for the answer and the data. The module is itself loaded on demand: /login's own script stays as it was.
  const prefetchNextScreen = useCallback(() => {
    const target = redirectTarget(location.state);
    void import('./prefetch-after-sign-in').then(({ prefetchAfterSignIn }) => prefetchAfterSignIn(target));
  }, [location.state]);
  // Typed on the served page before the app took it over (the app starts as the person does): they are
  // already signing in, and no further key may come before they press Login Now.
  const [typedBeforeStart] = useState(() => typedBeforeTakeover('email') !== '' || typedBeforeTakeover('password') !== '');
  useEffect(() => {
    if (typedBeforeStart) prefetchNextScreen();
  }, [typedBeforeStart, prefetchNextScreen]);

  return (
    <AuthLayout
      title="Welcome Back!"
      subtitle="Sign in to review today's calls."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to={paths.register} state={carryFrom(location.state)}>
            Sign up here
          </Link>
        </>
      }
    >
      {/* The app sends the form itself. Only a browser without JavaScript sends it as the markup says: as a
          POST, so the password goes in the body, never the address; the API answers with this page again. */}
      <form
        className="auth__form"
        method="post"
        action={paths.login}
        noValidate
        aria-labelledby="auth-title"
        onSubmit={onSubmit}
        onInput={prefetchNextScreen}
      >
        <noscript>
          <p className="auth__notice">Signing in needs JavaScript: turn it on for this site, then sign in.</p>
        </noscript>
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          autoFocus={hadFocusBeforeTakeover('email', !arrivedWithEmail)}
          placeholder="you@company.com"
          {...form.field('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          autoFocus={hadFocusBeforeTakeover('password', Boolean(arrivedWithEmail))}
          {...form.field('password')}
        />
        <Button type="submit" variant="primary" size="lg" block busy={form.busy} className="auth__submit">
          {form.busy ? 'Logging in...' : 'Login Now'}
        </Button>
      </form>
    </AuthLayout>
  );
}
