import { validateLogin } from '@callboard/contract';
import { redirectTarget } from '@callboard/shared-auth/require-auth';
import { useAuthActions } from '@callboard/shared-auth/use-session';
import { Button } from '@callboard/shared-ui/button';
import { TextField } from '@callboard/shared-ui/text-field';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate } from '@callboard/shared-router';
import { paths } from '../app/paths';
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
  const form = useAuthForm({ email: arrivedWithEmail, password: '' }, validateLogin);

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
      <form className="auth__form" noValidate aria-labelledby="auth-title" onSubmit={onSubmit}>
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          autoFocus={!arrivedWithEmail}
          placeholder="you@company.com"
          {...form.field('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          autoFocus={Boolean(arrivedWithEmail)}
          {...form.field('password')}
        />
        <Button type="submit" variant="primary" size="lg" block busy={form.busy} className="auth__submit">
          {form.busy ? 'Logging in...' : 'Login Now'}
        </Button>
      </form>
    </AuthLayout>
  );
}
