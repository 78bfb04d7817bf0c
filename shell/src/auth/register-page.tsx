import { PASSWORD_MIN_LENGTH, REGISTRATION_CLOSED_MESSAGE, validateRegistration } from '@callboard/contract';
import { useAuthActions } from '@callboard/shared-auth/use-session';
import { Button } from '@callboard/shared-ui/button';
import { Spinner } from '@callboard/shared-ui/spinner';
import { TextField } from '@callboard/shared-ui/text-field';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate } from '@callboard/shared-router';
import { paths } from '../app/paths';
import { carryFrom, type LoginArrivalState } from './auth-location-state';
import { AuthLayout } from './auth-layout';
import { useAuthForm } from './use-auth-form';
import { useRegistration } from './use-registration';

/**
 * /register: the registration screen. Registration does not sign in: a
 * success sends the person to /login with their email filled in. While the
 * server takes no registrations the screen says so, and where to go, instead
 * of a form that would be refused once filled in; a form refused as closed
 * turns into that screen too.
 */
export function RegisterPage() {
  const location = useLocation();
  const [registration, { markClosed }] = useRegistration();
  const loginLink = (
    <>
      Already have an account?{' '}
      <Link to={paths.login} state={carryFrom(location.state)}>
        Login here
      </Link>
    </>
  );

  if (registration === 'closed') {
    return (
      <AuthLayout title={REGISTRATION_CLOSED_MESSAGE} subtitle="Accounts here are made by an administrator." footer={loginLink}>
        <p className="auth__notice">Ask an administrator of this Callboard for an account, then sign in with it.</p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Create Account" subtitle="Start reviewing calls in minutes." footer={loginLink}>
      {registration === 'checking' ? (
        <div className="auth__notice" role="status">
          <Spinner size="sm" decorative />
          Checking whether registration is open...
        </div>
      ) : (
        <RegisterForm needsSetupToken={registration === 'setup-token'} onClosed={markClosed} />
      )}
    </AuthLayout>
  );
}

interface RegisterFormProps {
  /** The first account, which becomes admin: the server asks for the setup token it printed at start. */
  needsSetupToken: boolean;
  /** The server refused the form as closed: the screen then says so instead of the form. */
  onClosed: () => void;
}

function RegisterForm({ needsSetupToken, onClosed }: RegisterFormProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const { register } = useAuthActions();
  const form = useAuthForm({ name: '', email: '', password: '', confirmPassword: '', setupToken: '' }, validateRegistration);

  const onSubmit = form.handleSubmit(async ({ name, email, password, setupToken }) => {
    const trimmedEmail = email.trim();
    const result = await register({ name: name.trim(), email: trimmedEmail, password, ...(needsSetupToken ? { setupToken: setupToken.trim() } : {}) });
    if (!result.ok) {
      if (result.message === REGISTRATION_CLOSED_MESSAGE) onClosed();
      toast.error(result.message);
      return;
    }
    toast.success(result.message);
    // Replace: Back from the login screen should not reopen a form that has already been sent.
    const state: LoginArrivalState = { email: trimmedEmail, ...carryFrom(location.state) };
    void navigate(paths.login, { replace: true, state });
  });

  return (
    <form className="auth__form" noValidate aria-labelledby="auth-title" onSubmit={onSubmit}>
      <TextField label="Full Name" autoComplete="name" required autoFocus placeholder="Ada Lovelace" {...form.field('name')} />
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        placeholder="you@company.com"
        {...form.field('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        {...form.field('password')}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        {...form.field('confirmPassword')}
      />
      {needsSetupToken && (
        <TextField
          label="Setup token"
          autoComplete="off"
          required
          hint="No account exists yet: the first one becomes the admin, and needs the setup token this server printed when it started."
          {...form.field('setupToken')}
        />
      )}
      <Button type="submit" variant="primary" size="lg" block busy={form.busy} className="auth__submit">
        {form.busy ? 'Creating Account...' : 'Register Now'}
      </Button>
    </form>
  );
}
